import { createMemoryStorage } from '@tabula/sdk';
import { describe, expect, it } from 'vitest';
import type { DraftRule } from './rules-draft';
import {
  createRulesDraftStorage,
  forgetRulesDraft,
  keepRulesDraft,
  parseRulesDrafts,
  readRulesDraft,
} from './rules-draft-storage';

const production = { projectId: 'p1', flagKey: 'checkout', environment: 'production' };
const development = { ...production, environment: 'development' };
const saved: DraftRule = {
  id: 'ruleStaff',
  draftKey: 'ruleStaff',
  conditions: [{ attribute: 'email', operator: 'ends_with', values: ['@example.com'] }],
  segments: [],
  serve: { kind: 'variant', variant: 'on' },
};
// Half typed: a save would refuse it, a draft must keep it.
const unfinished: DraftRule = {
  draftKey: 'draft-1',
  conditions: [{ attribute: '', operator: 'in', values: [] }],
  segments: [],
  serve: { kind: 'experiment', experiment: '' },
};

describe('rules drafts kept on this browser', () => {
  it('keeps a draft per project, flag and environment, unfinished rules included', () => {
    const store = createRulesDraftStorage(createMemoryStorage());
    keepRulesDraft(store, production, [saved, unfinished]);
    const restored = readRulesDraft(store, production);
    expect(restored?.map((rule) => rule.id)).toEqual(['ruleStaff', undefined]);
    expect(restored?.[1]?.conditions).toEqual(unfinished.conditions);
    expect(readRulesDraft(store, development)).toBeUndefined();
  });

  it('names restored new rules afresh and saved ones by their id', () => {
    const store = createRulesDraftStorage(createMemoryStorage());
    keepRulesDraft(store, production, [saved, unfinished]);
    const [first, second] = readRulesDraft(store, production) ?? [];
    expect(first?.draftKey).toBe('ruleStaff');
    expect(second?.draftKey).not.toBe('ruleStaff');
  });

  it('forgets one draft and leaves the others', () => {
    const storage = createMemoryStorage();
    const store = createRulesDraftStorage(storage);
    keepRulesDraft(store, production, [saved]);
    keepRulesDraft(store, development, [unfinished]);
    forgetRulesDraft(store, production);
    expect(readRulesDraft(store, production)).toBeUndefined();
    expect(readRulesDraft(store, development)).toHaveLength(1);
    forgetRulesDraft(store, development);
    expect(storage.getItem('tabula.console.rulesDrafts')).toBeNull();
  });

  it('refuses stored data that is not drafts of rules', () => {
    expect(parseRulesDrafts({ 'p1/checkout/production': [{ serve: { kind: 'nonsense' } }] })).toBeUndefined();
    expect(parseRulesDrafts(['not', 'a', 'record'])).toBeUndefined();
    expect(parseRulesDrafts({ 'p1/checkout/production': [saved] })).toEqual({ 'p1/checkout/production': [saved] });
  });
});
