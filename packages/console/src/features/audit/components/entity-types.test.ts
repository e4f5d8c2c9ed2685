import { AUDIT_ENTITY_TYPES } from '@tabula/protocol';
import { describe, expect, it } from 'vitest';
import { loadBundles } from '../../../testing/bundles';

// A new kind of audited entity must arrive with its name in every language, or the log shows a raw key.
describe('audit entity types', () => {
  it('are named in every language', () => {
    const bundles = loadBundles();
    for (const language of ['en', 'zh-CN', 'ja']) {
      const audit = bundles[language]?.audit as { entityTypes?: Record<string, string> } | undefined;
      expect(Object.keys(audit?.entityTypes ?? {}).sort(), language).toEqual([...AUDIT_ENTITY_TYPES].sort());
    }
  });
});
