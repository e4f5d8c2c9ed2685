import { describe, expect, it } from 'vitest';
import { entityLabel } from './entity-label';

describe('entityLabel', () => {
  it('prefers the name, then the email, then the key, after the change first', () => {
    expect(entityLabel({ before: { name: 'Old' }, after: { name: 'New', email: 'x@example.com' } })).toBe('New');
    expect(entityLabel({ before: null, after: { email: 'grace@example.com', role: 'editor' } })).toBe(
      'grace@example.com',
    );
    expect(entityLabel({ before: { key: 'staging', name: '' }, after: null })).toBe('staging');
  });

  it('falls back to nothing when the snapshots name nothing', () => {
    expect(entityLabel({ before: null, after: null })).toBeUndefined();
    expect(entityLabel({ before: 'text', after: { role: 'viewer' } })).toBeUndefined();
  });
});
