export { type BuildAppOptions, buildApp } from './app';
export { type Config, ConfigError, loadConfig } from './config';
export { createDatabase, type Database, type DatabaseHandle, type DatabaseOptions } from './db/client';
export { migrate } from './db/migrate';
/** The tables, for tools that prepare a database before the server starts (benchmarks). */
export * as schema from './db/schema';
