import type { StorageLike } from '../src';

/** Storage as private mode, sandboxed iframes and full quotas present it: every call throws. */
export const hostileStorage: StorageLike = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
  removeItem: () => {
    throw new Error('SecurityError');
  },
};
