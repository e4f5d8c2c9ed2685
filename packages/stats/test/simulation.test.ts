import { describe, expect, it } from 'vitest';
import { bayesianTest, cupedAdjust, frequentistTest, type MeanArm, srmTest } from '../src';
import { addMeanArms, binomialBand, createSimulator } from './simulate';

// A/A simulations: both arms come from the same distribution, so every significant result is a false positive.
const EXPERIMENTS = 2000;
const ALPHA = 0.05;
const [LOWER, UPPER] = binomialBand(EXPERIMENTS, ALPHA);

function shareOf(count: number): number {
  return count / EXPERIMENTS;
}

describe('A/A simulations', () => {
  it('the fixed-horizon Welch test keeps its false-positive rate at alpha for mean metrics', () => {
    const simulate = createSimulator(101);
    let relative = 0;
    let oneSided = 0;
    for (let experiment = 0; experiment < EXPERIMENTS; experiment += 1) {
      const control = simulate.meanBatch(400, 10, 4);
      const treatment = simulate.meanBatch(400, 10, 4);
      if (frequentistTest(control, treatment).pValue < ALPHA) relative += 1;
      if (frequentistTest(control, treatment, { twoSided: false, relative: false }).pValue < ALPHA) oneSided += 1;
    }
    expect(shareOf(relative)).toBeGreaterThan(LOWER);
    expect(shareOf(relative)).toBeLessThan(UPPER);
    expect(shareOf(oneSided)).toBeGreaterThan(LOWER);
    expect(shareOf(oneSided)).toBeLessThan(UPPER);
  });

  it('the fixed-horizon test keeps its false-positive rate at alpha for conversions', () => {
    const simulate = createSimulator(202);
    let positives = 0;
    for (let experiment = 0; experiment < EXPERIMENTS; experiment += 1) {
      const control = { n: 3000, conversions: simulate.conversions(3000, 0.08) };
      const treatment = { n: 3000, conversions: simulate.conversions(3000, 0.08) };
      if (frequentistTest(control, treatment).pValue < ALPHA) positives += 1;
    }
    expect(shareOf(positives)).toBeGreaterThan(LOWER);
    expect(shareOf(positives)).toBeLessThan(UPPER);
  });

  it('with 20 daily looks the sequential test stays within alpha while the fixed test does not', () => {
    const simulate = createSimulator(303);
    const days = 20;
    const unitsPerArmPerDay = 150;
    const plannedUnits = days * unitsPerArmPerDay * 2;
    let fixedEver = 0;
    let sequentialEver = 0;
    for (let experiment = 0; experiment < EXPERIMENTS; experiment += 1) {
      let control: MeanArm = { n: 0, sum: 0, sumSquares: 0 };
      let treatment: MeanArm = { n: 0, sum: 0, sumSquares: 0 };
      let fixedRejected = false;
      let sequentialRejected = false;
      for (let day = 0; day < days; day += 1) {
        control = addMeanArms(control, simulate.meanBatch(unitsPerArmPerDay, 5, 3));
        treatment = addMeanArms(treatment, simulate.meanBatch(unitsPerArmPerDay, 5, 3));
        fixedRejected ||= frequentistTest(control, treatment).pValue < ALPHA;
        sequentialRejected ||= frequentistTest(control, treatment, { sequentialTuning: plannedUnits }).pValue < ALPHA;
      }
      if (fixedRejected) fixedEver += 1;
      if (sequentialRejected) sequentialEver += 1;
    }
    expect(shareOf(fixedEver)).toBeGreaterThan(UPPER);
    expect(shareOf(sequentialEver)).toBeLessThan(UPPER);
  });

  it('the Bayesian chance to win is uniform when there is no difference', () => {
    const simulate = createSimulator(404);
    const deciles = Array.from({ length: 10 }, () => 0);
    let confident = 0;
    for (let experiment = 0; experiment < EXPERIMENTS; experiment += 1) {
      const control = simulate.meanBatch(500, 20, 8);
      const treatment = simulate.meanBatch(500, 20, 8);
      const { chanceToWin } = bayesianTest(control, treatment);
      const decile = Math.min(9, Math.floor(chanceToWin * 10));
      deciles[decile] = (deciles[decile] ?? 0) + 1;
      if (chanceToWin > 1 - ALPHA / 2 || chanceToWin < ALPHA / 2) confident += 1;
    }
    // Pearson's goodness-of-fit test of the decile counts against equal shares.
    expect(srmTest(deciles, Array(10).fill(1)).pValue).toBeGreaterThan(0.001);
    expect(shareOf(confident)).toBeGreaterThan(LOWER);
    expect(shareOf(confident)).toBeLessThan(UPPER);
  });

  it('CUPED keeps the false-positive rate and shrinks the interval on correlated data', () => {
    const simulate = createSimulator(505);
    const correlation = 0.8;
    let positives = 0;
    let widthRatioSum = 0;
    let alwaysNarrower = true;
    for (let experiment = 0; experiment < EXPERIMENTS; experiment += 1) {
      const control = simulate.correlatedUnits(200, correlation);
      const treatment = simulate.correlatedUnits(200, correlation);
      const raw = frequentistTest(control, treatment, { relative: false });
      const adjusted = cupedAdjust(control, treatment);
      const cuped = frequentistTest(adjusted.control, adjusted.treatment, { relative: false });
      if (cuped.pValue < ALPHA) positives += 1;
      const ratio = (cuped.ci[1] - cuped.ci[0]) / (raw.ci[1] - raw.ci[0]);
      widthRatioSum += ratio;
      alwaysNarrower &&= ratio < 1;
    }
    expect(shareOf(positives)).toBeGreaterThan(LOWER);
    expect(shareOf(positives)).toBeLessThan(UPPER);
    expect(alwaysNarrower).toBe(true);
    // The residual standard deviation is √(1 − ρ²) = 0.6 of the raw one.
    expect(widthRatioSum / EXPERIMENTS).toBeGreaterThan(0.57);
    expect(widthRatioSum / EXPERIMENTS).toBeLessThan(0.63);
  });
});
