export type { SrmResult } from './srm';
export { SRM_THRESHOLD, srmTest } from './srm';
