export { exportProject } from './export';
export { importProject } from './import';
