import { z } from 'zod';

export const STATISTICS_METHODS = ['frequentist', 'bayesian'] as const;
export type StatisticsMethod = (typeof STATISTICS_METHODS)[number];
/** Across an experiment's versions × metrics; Holm controls the family-wise error, Benjamini-Hochberg the FDR. */
export const MULTIPLE_TESTING_CORRECTIONS = ['none', 'holm', 'benjamini-hochberg'] as const;
export type MultipleTestingCorrection = (typeof MULTIPLE_TESTING_CORRECTIONS)[number];

const ALPHA_MESSAGE = 'Please input valid alpha: above 0 and below 0.5, e.g. 0.05';
const THRESHOLD_MESSAGE = 'Please input valid decision threshold: above 0.5 and below 1, e.g. 0.95';

/** How a project's experiment results are analysed; every experiment of the project follows it. */
export const statisticsSettingsSchema = z.strictObject({
  method: z
    .enum(STATISTICS_METHODS, 'Please choose method')
    .describe('frequentist: p-values and confidence intervals; bayesian: chance to win and credible intervals'),
  alpha: z
    .number()
    .gt(0, ALPHA_MESSAGE)
    .lt(0.5, ALPHA_MESSAGE)
    .describe('Significance level; intervals cover 1 − alpha (0.05: 95% intervals)'),
  correction: z
    .enum(MULTIPLE_TESTING_CORRECTIONS, 'Please choose correction')
    .describe('Multiple-testing correction across versions and metrics'),
  decisionThreshold: z
    .number()
    .gt(0.5, THRESHOLD_MESSAGE)
    .lt(1, THRESHOLD_MESSAGE)
    .describe(
      'Bayesian: the chance to beat control a version needs to be called better (0.95: 95%); the credible interval drawn is the central 2·threshold − 1 one, which excludes 0 exactly then',
    ),
});
export type StatisticsSettings = z.infer<typeof statisticsSettingsSchema>;

export const DEFAULT_STATISTICS_SETTINGS: StatisticsSettings = {
  method: 'frequentist',
  alpha: 0.05,
  correction: 'holm',
  decisionThreshold: 0.95,
};
