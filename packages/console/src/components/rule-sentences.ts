import { BUCKETS, type Condition, type FlagRule, type Serve } from '@tabula/protocol';

/**
 * The `t` of the flags namespace, whose keys these sentences use; passed in so they stay pure and testable in any
 * language. Shared: the flag pages and the audit log both show rules this way.
 */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

type RuleParts = Pick<FlagRule, 'conditions' | 'segments' | 'serve'>;

/** "country is one of NL, DE", "NOT plan equals free". */
export function conditionSentence(condition: Condition, t: Translate): string {
  const operator = t(`conditions.operators.${condition.operator}`, { defaultValue: condition.operator });
  const values = condition.values.map(String).join(', ');
  const text = [condition.attribute, operator, values].filter(Boolean).join(' ');
  return condition.negate ? `${t('conditions.negate')} ${text}` : text;
}

/** "on", "on 30%, off 70%", "the version's value of checkout-test". */
export function serveSentence(serve: Serve, t: Translate): string {
  switch (serve.kind) {
    case 'variant':
      return serve.variant;
    case 'rollout':
      return serve.weights.map((entry) => `${entry.variant} ${(entry.weight * 100) / BUCKETS}%`).join(', ');
    case 'experiment':
      return t('sentence.experiment', { experiment: serve.experiment }) + (serve.param ? ` (${serve.param})` : '');
  }
}

/** A rule as read aloud: "If country is one of NL, DE and in segment beta, serve on", "Serve on to everyone". */
export function ruleSentence(rule: RuleParts, t: Translate): string {
  const tests = [
    ...rule.conditions.map((condition) => conditionSentence(condition, t)),
    ...rule.segments.map((segment) => t('sentence.inSegment', { segment })),
  ];
  const serve = serveSentence(rule.serve, t);
  if (tests.length === 0) return t('sentence.always', { serve });
  return t('sentence.rule', { when: tests.join(` ${t('sentence.and')} `), serve });
}

/**
 * An environment's switch and rules as a person reads them, one field per rule ("Rule 2": its sentence): what the
 * diffs of a save, a restore and the history compare, instead of ids and basis points.
 */
export function readableEnvironment(
  state: { enabled?: unknown; rules?: readonly RuleParts[] },
  t: Translate,
): Record<string, string> {
  const fields: Record<string, string> = {};
  if (typeof state.enabled === 'boolean') fields[t('sentence.switch')] = t(state.enabled ? 'switch.on' : 'switch.off');
  state.rules?.forEach((rule, index) => {
    fields[t('rules.title', { number: index + 1 })] = ruleSentence(rule, t);
  });
  return fields;
}
