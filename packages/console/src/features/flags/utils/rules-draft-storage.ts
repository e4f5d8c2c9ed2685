import { conditionSchema, flagRuleSchema } from '@tabula/protocol';
import { createEnvelopeStore, type EnvelopeStore, type StorageLike } from '@tabula/sdk';
import { z } from 'zod';
import { type DraftRule, rekeyDraftRules } from './rules-draft';

/** Which rules a draft belongs to: one environment of one flag of one project. */
export interface DraftScope {
  projectId: string;
  flagKey: string;
  environment: string;
}

/** Unsaved drafts on this browser, by scope, so that a reload or a closed tab does not lose an edit. */
export type StoredRulesDrafts = Record<string, DraftRule[]>;

const RULES_DRAFTS_KEY = 'tabula.console.rulesDrafts';
const RULES_DRAFTS_VERSION = 1;

// A draft may hold what a save would refuse (a condition whose attribute is not typed yet), so those may be empty.
const draftRuleSchema = flagRuleSchema.extend({
  id: flagRuleSchema.shape.id.optional(),
  draftKey: z.string(),
  conditions: z.array(conditionSchema.extend({ attribute: z.string().max(200), operator: z.string().max(40) })),
});
const storedDraftsSchema = z.record(z.string(), z.array(draftRuleSchema));

export function parseRulesDrafts(data: unknown): StoredRulesDrafts | undefined {
  const parsed = storedDraftsSchema.safeParse(data);
  return parsed.success ? (parsed.data as StoredRulesDrafts) : undefined;
}

export const createRulesDraftStorage = (storage?: StorageLike): EnvelopeStore<StoredRulesDrafts> =>
  createEnvelopeStore({ key: RULES_DRAFTS_KEY, version: RULES_DRAFTS_VERSION, parse: parseRulesDrafts, storage });

const scopeKey = ({ projectId, flagKey, environment }: DraftScope) =>
  [projectId, flagKey, environment].map(encodeURIComponent).join('/');

/** The draft kept for this scope, its new rules named afresh for this page. */
export function readRulesDraft(store: EnvelopeStore<StoredRulesDrafts>, scope: DraftScope): DraftRule[] | undefined {
  const rules = store.read()?.[scopeKey(scope)];
  return rules && rekeyDraftRules(rules);
}

export function keepRulesDraft(store: EnvelopeStore<StoredRulesDrafts>, scope: DraftScope, rules: DraftRule[]): void {
  store.write({ ...store.read(), [scopeKey(scope)]: rules });
}

/** After a save or a discard; the record goes once no draft is left. */
export function forgetRulesDraft(store: EnvelopeStore<StoredRulesDrafts>, scope: DraftScope): void {
  const drafts = store.read();
  const key = scopeKey(scope);
  if (!drafts || !(key in drafts)) return;
  const { [key]: _forgotten, ...others } = drafts;
  if (Object.keys(others).length === 0) store.clear();
  else store.write(others);
}
