import { bucket } from '@tabula/sdk';
import { independenceTest } from '@tabula/stats';
import { describe, expect, it } from 'vitest';
import { newSalt } from './salt';

const UNITS = Array.from({ length: 200_000 }, (_, index) => `user-${index}`);
const PERCENT = 1_000;

/** Held out or not (rows) by the decile of the unit's slot in the layer (columns). */
function contingency(holdoutSalt: string, layerKey: string): number[][] {
  const table = [Array<number>(10).fill(0), Array<number>(10).fill(0)];
  for (const unit of UNITS) {
    const row = bucket(holdoutSalt, unit) < PERCENT ? 0 : 1;
    const decile = Math.floor(bucket(layerKey, unit) / 1_000);
    table[row]![decile]! += 1;
  }
  return table;
}

describe('holdout assignment', () => {
  it('is independent of layer slots: no association between membership and slot decile (chi-square)', () => {
    // A fixed salt as newSalt draws them, so the test gives the same answer every run.
    const { pValue, degreesOfFreedom } = independenceTest(contingency('f3Q8vLr2ZkT9wXc4NbH7sJ', 'homepage'));
    expect(degreesOfFreedom).toBe(9);
    expect(pValue).toBeGreaterThan(0.001);
  });

  it('would be caught sharing a salt with the layer: then membership is a slot range', () => {
    const { pValue } = independenceTest(contingency('homepage', 'homepage'));
    expect(pValue).toBeLessThan(1e-12);
  });

  it('draws a new salt of 22 characters for each holdout', () => {
    const salts = new Set(Array.from({ length: 1_000 }, newSalt));
    expect(salts.size).toBe(1_000);
    for (const salt of salts) expect(salt).toMatch(/^[0-9A-Za-z]{22}$/);
  });
});
