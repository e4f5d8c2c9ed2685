import type { CreateRolloutPlanBody, Flag, FlagRule } from '@tabula/protocol';
import type { Dayjs } from 'dayjs';

export interface RolloutStepDraft {
  percentage: number;
  at: Dayjs;
}

/** A cautious default: a tenth in an hour, half the next day, everyone the day after. */
export const defaultRolloutSteps = (now: Dayjs): RolloutStepDraft[] => [
  { percentage: 10, at: now.add(1, 'hour') },
  { percentage: 50, at: now.add(1, 'day') },
  { percentage: 100, at: now.add(2, 'day') },
];

/** The variant a rollout most likely brings: `on` for a boolean flag, else the first that is not the off variant. */
export function defaultRolloutVariant(flag: Pick<Flag, 'type' | 'variants' | 'offVariant'>): string | undefined {
  const keys = flag.variants.map((variant) => variant.key);
  if (flag.type === 'boolean' && keys.includes('on')) return 'on';
  return keys.find((key) => key !== flag.offVariant) ?? keys[0];
}

/** Only a rule that already splits its units by weight can have its split moved step by step. */
export const rolloutRules = (rules: FlagRule[]): FlagRule[] => rules.filter((rule) => rule.serve.kind === 'rollout');

export interface RolloutPlanDraft {
  flag: string;
  environment: string;
  variant: string;
  /** Left out: the first step adds a rule for everyone at the end. */
  ruleId?: string;
  steps: RolloutStepDraft[];
}

/** The plan as the server takes it: steps in time order, each at its time with the browser's offset. */
export function toRolloutPlanBody({
  flag,
  environment,
  variant,
  ruleId,
  steps,
}: RolloutPlanDraft): CreateRolloutPlanBody {
  const ordered = [...steps].sort((a, b) => a.at.valueOf() - b.at.valueOf());
  return {
    flag,
    environment,
    variant,
    ...(ruleId ? { ruleId } : {}),
    steps: ordered.map((step) => ({ percentage: step.percentage, at: step.at.format() })),
    title: '',
  };
}

/** Steps must be in the future and never take units back: each step serves at least the share of the one before. */
export function rolloutStepProblem(steps: RolloutStepDraft[], now: Dayjs): 'past' | 'decreasing' | null {
  const ordered = [...steps].sort((a, b) => a.at.valueOf() - b.at.valueOf());
  if (ordered.some((step) => !step.at.isAfter(now))) return 'past';
  if (ordered.some((step, index) => index > 0 && step.percentage < (ordered[index - 1]?.percentage ?? 0)))
    return 'decreasing';
  return null;
}
