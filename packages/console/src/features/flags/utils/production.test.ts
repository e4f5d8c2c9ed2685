import { describe, expect, it } from 'vitest';
import { isProductionEnvironment } from './production';

describe('production environments', () => {
  it('are named by key or by name', () => {
    expect(isProductionEnvironment({ key: 'production', name: 'Live' })).toBe(true);
    expect(isProductionEnvironment({ key: 'prod-eu', name: 'EU Production' })).toBe(true);
    expect(isProductionEnvironment({ key: 'staging', name: 'Pre-production' })).toBe(true);
    expect(isProductionEnvironment({ key: 'development', name: 'Development' })).toBe(false);
  });
});
