import type { FlagRule } from '@tabula/protocol';
import type { Flag, FlagEnvironmentState, FlagStaleness } from './types';

const DAY_MS = 86_400_000;

const NOT_STALE: FlagStaleness = { stale: false };
/** Several values served in an environment. */
const SEVERAL = Symbol('several');
type Served = string | null | typeof SEVERAL;

/** The variant a rule serves to every unit it matches, or SEVERAL (a split rollout, an experiment). */
function ruleValue(rule: FlagRule): Served {
  const { serve } = rule;
  switch (serve.kind) {
    case 'variant':
      return serve.variant;
    case 'rollout': {
      const weighted = serve.weights.filter((weight) => weight.weight > 0);
      return weighted.length === 1 ? weighted[0]!.variant : SEVERAL;
    }
    case 'experiment':
      return SEVERAL;
  }
}

/**
 * The one value an environment serves every unit (a variant key, or null for the code's own default), or SEVERAL.
 * Rules after one that matches everyone (no conditions, no segments) are never reached.
 */
export function servedValue(
  flag: Pick<Flag, 'defaultVariant' | 'offVariant'>,
  state: Pick<FlagEnvironmentState, 'enabled' | 'rules'>,
): Served {
  if (!state.enabled) return flag.offVariant;
  const values = new Set<Served>();
  for (const rule of state.rules) {
    values.add(ruleValue(rule));
    if (rule.conditions.length === 0 && rule.segments.length === 0)
      return values.size === 1 ? ruleValue(rule) : SEVERAL;
  }
  values.add(flag.defaultVariant);
  return values.size === 1 ? flag.defaultVariant : SEVERAL;
}

const latest = (dates: (Date | null)[]): Date | null =>
  dates.reduce<Date | null>((best, date) => (date && (!best || date > best) ? date : best), null);

/**
 * Whether a flag is potentially stale, `staleAfterDays` being the project's setting:
 * - not_evaluated: no SDK of any environment evaluated it for that long (a flag younger than that is not stale for
 *   it); `since` is the last evaluation, null when there never was one;
 * - fully_rolled_out: every environment has served the same single value for that long; `since` is the latest change
 *   to the flag or to one of its environments, when it may have begun to.
 * Archived flags are not: they are already out of use; nor are flags of a project without environments.
 */
export function flagStaleness(input: {
  flag: Pick<Flag, 'createdAt' | 'updatedAt' | 'archivedAt' | 'defaultVariant' | 'offVariant'>;
  environments: FlagEnvironmentState[];
  staleAfterDays: number;
  now: Date;
}): FlagStaleness {
  const { flag, environments, now } = input;
  // Without environments no SDK can evaluate it: nothing to judge.
  if (flag.archivedAt || environments.length === 0) return NOT_STALE;
  const threshold = now.getTime() - input.staleAfterDays * DAY_MS;
  const lastEvaluated = latest(environments.map((state) => state.lastEvaluatedAt));
  if ((lastEvaluated ?? flag.createdAt).getTime() <= threshold) {
    return { stale: true, reason: 'not_evaluated', since: lastEvaluated };
  }
  const values = new Set(environments.map((state) => servedValue(flag, state)));
  if (values.size !== 1 || values.has(SEVERAL)) return NOT_STALE;
  const since = latest([flag.updatedAt, flag.createdAt, ...environments.map((state) => state.updatedAt)])!;
  return since.getTime() <= threshold ? { stale: true, reason: 'fully_rolled_out', since } : NOT_STALE;
}
