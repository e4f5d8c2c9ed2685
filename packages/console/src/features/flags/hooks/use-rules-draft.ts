import type { FlagRule } from '@tabula/protocol';
import { useEffect, useState } from 'react';
import { rulesChanged, toDraftRules } from '../utils/rules-draft';
import {
  createRulesDraftStorage,
  type DraftScope,
  forgetRulesDraft,
  keepRulesDraft,
  readRulesDraft,
} from '../utils/rules-draft-storage';

const store = createRulesDraftStorage();

/**
 * The rules of one environment as being edited. While nothing is edited, the draft follows the saved rules (a
 * change saved elsewhere shows up); once edited, it stays until saved or discarded, on this browser too: a reload
 * brings it back.
 */
export function useRulesDraft(saved: FlagRule[], scope: DraftScope) {
  const [base, setBase] = useState(saved);
  const [kept] = useState(() => readRulesDraft(store, scope));
  const [rules, setRules] = useState(() => kept ?? toDraftRules(saved));
  const [restored, setRestored] = useState(() => kept !== undefined && rulesChanged(kept, saved));
  const dirty = rulesChanged(rules, base);
  const adopt = (next: FlagRule[]) => {
    setBase(next);
    setRules(toDraftRules(next));
    setRestored(false);
  };

  if (saved !== base && !dirty) adopt(saved);

  const { projectId, flagKey, environment } = scope;
  useEffect(() => {
    const where = { projectId, flagKey, environment };
    if (dirty) keepRulesDraft(store, where, rules);
    else forgetRulesDraft(store, where);
  }, [dirty, rules, projectId, flagKey, environment]);

  return {
    rules,
    /** The rules as last saved, what a save replaces. */
    saved: base,
    setRules,
    dirty,
    /** The draft came back from an earlier visit rather than from edits on this page. */
    restored,
    discard: () => adopt(saved),
    /** After a save: the rules as the server now holds them, new ones with their ids. */
    reset: adopt,
  };
}

export type RulesDraft = ReturnType<typeof useRulesDraft>;
