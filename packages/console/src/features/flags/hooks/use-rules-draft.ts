import type { FlagRule } from '@tabula/protocol';
import { useState } from 'react';
import { rulesChanged, toDraftRules } from '../utils/rules-draft';

/**
 * The rules of one environment as being edited. While nothing is edited, the draft follows the saved rules (a
 * change saved elsewhere shows up); once edited, it stays until saved or discarded.
 */
export function useRulesDraft(saved: FlagRule[]) {
  const [base, setBase] = useState(saved);
  const [rules, setRules] = useState(() => toDraftRules(saved));
  const dirty = rulesChanged(rules, base);
  const adopt = (next: FlagRule[]) => {
    setBase(next);
    setRules(toDraftRules(next));
  };

  if (saved !== base && !dirty) adopt(saved);

  return {
    rules,
    setRules,
    dirty,
    discard: () => adopt(saved),
    /** After a save: the rules as the server now holds them, new ones with their ids. */
    reset: adopt,
  };
}

export type RulesDraft = ReturnType<typeof useRulesDraft>;
