import { arrayMove } from '@dnd-kit/sortable';
import type { FlagEnvironmentBody, FlagRule, Serve, Variant } from '@tabula/protocol';
import { evenWeights } from './rollout';

/**
 * A rule being edited. `draftKey` names it on the page (drag and drop, React keys) before the server has given
 * it an `id`; a saved rule keeps its id, and with it the salt its rollout splits units by.
 */
export interface DraftRule extends Omit<FlagRule, 'id'> {
  draftKey: string;
  id?: string;
}

let drafted = 0;
const nextDraftKey = () => `draft-${++drafted}`;

export const toDraftRules = (rules: FlagRule[]): DraftRule[] => rules.map((rule) => ({ ...rule, draftKey: rule.id }));

/** A draft kept from an earlier page: its new rules get keys of this page, which may have handed out theirs. */
export const rekeyDraftRules = (rules: DraftRule[]): DraftRule[] =>
  rules.map((rule) => ({ ...rule, draftKey: rule.id ?? nextDraftKey() }));

/**
 * The body the API takes. Operators arrive from the editor's list; an operator a newer server saved passes through
 * unchanged and the server answers for it.
 */
type RuleBody = NonNullable<FlagEnvironmentBody['rules']>[number];

export const toRuleInputs = (rules: DraftRule[]): RuleBody[] =>
  rules.map(({ id, conditions, segments, serve }) => ({
    ...(id ? { id } : {}),
    conditions: conditions as RuleBody['conditions'],
    segments,
    serve,
  }));

/** JSON with keys in a fixed order: an edit undone reads the same as never made. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, inner]) => inner !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonical(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export const rulesChanged = (draft: DraftRule[], saved: FlagRule[]): boolean =>
  canonical(toRuleInputs(draft)) !== canonical(toRuleInputs(toDraftRules(saved)));

export type ServeKind = Serve['kind'];

/**
 * What a rule serves when its kind is picked: the default variant (the first one when the default is the code's),
 * an even split, or an experiment to choose.
 */
export function serveOfKind(kind: ServeKind, flag: { variants: Variant[]; defaultVariant: string | null }): Serve {
  switch (kind) {
    case 'variant':
      return { kind, variant: flag.defaultVariant ?? flag.variants[0]?.key ?? '' };
    case 'rollout':
      return { kind, weights: evenWeights(flag.variants.map((variant) => variant.key)) };
    case 'experiment':
      return { kind, experiment: '' };
  }
}

export const newRule = (flag: { variants: Variant[]; defaultVariant: string | null }): DraftRule => ({
  draftKey: nextDraftKey(),
  conditions: [],
  segments: [],
  serve: serveOfKind('variant', flag),
});

/** A copy right below the original; it gets its own id (and rollout salt) when saved. */
export function duplicateRule(rules: DraftRule[], draftKey: string): DraftRule[] {
  const index = rules.findIndex((rule) => rule.draftKey === draftKey);
  if (index < 0) return rules;
  const { id: _id, ...original } = rules[index] as DraftRule;
  const copy: DraftRule = { ...structuredClone(original), draftKey: nextDraftKey() };
  return [...rules.slice(0, index + 1), copy, ...rules.slice(index + 1)];
}

/** Where a dragged rule lands: at the place of the rule it was dropped on, the others shifting. */
export function moveRule(rules: DraftRule[], activeKey: string, overKey: string): DraftRule[] {
  const from = rules.findIndex((rule) => rule.draftKey === activeKey);
  const to = rules.findIndex((rule) => rule.draftKey === overKey);
  if (from < 0 || to < 0 || from === to) return rules;
  return arrayMove(rules, from, to);
}
