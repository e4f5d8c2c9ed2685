import type { Condition, FlagRule, PayloadSegment } from '@tabula/protocol';
import { type Attributes, evaluateCondition } from '@tabula/sdk';
import { conditionSentence, type Translate } from '../../../components/rule-sentences';

/** Why one rule did not match a visitor: the first condition or segment that failed, as the SDK decides it. */
export type RuleMiss =
  | { rule: number; kind: 'condition'; condition: Condition; actual: unknown }
  | { rule: number; kind: 'segment'; segment: string; condition: Condition; actual: unknown }
  | { rule: number; kind: 'unknownSegment'; segment: string }
  /** Every condition held, but the rule serves an experiment the visitor is not in: they go on to the next rule. */
  | { rule: number; kind: 'experiment'; experiment: string };

type Audience = Pick<FlagRule, 'conditions' | 'segments' | 'serve'>;

const failedCondition = (conditions: readonly Condition[], attributes: Attributes) =>
  conditions.find((condition) => !evaluateCondition(condition, attributes));

function missOf(rule: Audience, index: number, attributes: Attributes, segments: PayloadSegment[]): RuleMiss {
  const condition = failedCondition(rule.conditions, attributes);
  if (condition) return { rule: index, kind: 'condition', condition, actual: attributes[condition.attribute] };
  for (const key of rule.segments) {
    const segment = segments.find((candidate) => candidate.key === key);
    if (!segment) return { rule: index, kind: 'unknownSegment', segment: key };
    const inSegment = failedCondition(segment.conditions, attributes);
    if (inSegment) {
      return {
        rule: index,
        kind: 'segment',
        segment: key,
        condition: inSegment,
        actual: attributes[inSegment.attribute],
      };
    }
  }
  return { rule: index, kind: 'experiment', experiment: rule.serve.kind === 'experiment' ? rule.serve.experiment : '' };
}

/**
 * The rules checked before the one that served (all of them when none did), each with what failed. `matchedRuleId`
 * is the evaluator's answer; a disabled flag checks no rules, so pass `enabled`.
 */
export function ruleMisses(
  state: { enabled: boolean; rules: readonly (Audience & { id: string })[] },
  matchedRuleId: string | undefined,
  attributes: Attributes,
  segments: PayloadSegment[],
): RuleMiss[] {
  if (!state.enabled) return [];
  const matched = state.rules.findIndex((rule) => rule.id === matchedRuleId);
  const checked = matched < 0 ? state.rules : state.rules.slice(0, matched);
  return checked.map((rule, index) => missOf(rule, index, attributes, segments));
}

const formatActual = (value: unknown): string =>
  Array.isArray(value)
    ? value.map(String).join(', ')
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

function actualSentence(condition: Condition, actual: unknown, t: Translate): string {
  if (actual === undefined || actual === null || actual === '') {
    return t('test.misses.noAttribute', { attribute: condition.attribute });
  }
  return t('test.misses.actual', { attribute: condition.attribute, value: formatActual(actual) });
}

/** "Rule 2: country is one of NL, DE — the user's country is FR". */
export function missSentence(miss: RuleMiss, t: Translate): string {
  const number = miss.rule + 1;
  switch (miss.kind) {
    case 'condition':
      return t('test.misses.condition', {
        number,
        condition: conditionSentence(miss.condition, t),
        actual: actualSentence(miss.condition, miss.actual, t),
      });
    case 'segment':
      return t('test.misses.segment', {
        number,
        segment: miss.segment,
        condition: conditionSentence(miss.condition, t),
        actual: actualSentence(miss.condition, miss.actual, t),
      });
    case 'unknownSegment':
      return t('test.misses.unknownSegment', { number, segment: miss.segment });
    case 'experiment':
      return t('test.misses.experiment', { number, experiment: miss.experiment });
  }
}
