export * from './audit';
export * from './auth';
export * from './common';
export * from './constants';
export * from './errors';
export * from './health';
export * from './organization';
export * from './projects';
