export type { Arm, ArmSummary, ConversionArm, MeanArm, RatioArm } from './arms';
export { summarizeArm } from './arms';
export type { BayesianOptions, BayesianResult, LiftPrior } from './bayesian';
export { bayesianTest } from './bayesian';
export { benjaminiHochberg, correctedAlpha, holm } from './corrections';
export type { CupedArm, CupedMeanArm, CupedRatioArm, CupedResult } from './cuped';
export { cupedAdjust } from './cuped';
export type { Decision } from './decision';
export { bayesianDecision, frequentistDecision } from './decision';
export type { FrequentistOptions, FrequentistResult } from './frequentist';
export { frequentistTest } from './frequentist';
export type { IndependenceResult } from './independence';
export { independenceTest } from './independence';
export type { SampleSize, SampleSizeInput } from './power';
export { duration, sampleSize } from './power';
export type { SrmResult } from './srm';
export { SRM_THRESHOLD, srmTest } from './srm';
export { stratifiedArms } from './stratified';
export type { ThompsonOptions } from './thompson';
export {
  banditWeights,
  DEFAULT_THOMPSON_DRAWS,
  equalWeights,
  probabilityBest,
  thompsonWeights,
  WEIGHT_TOTAL,
} from './thompson';
