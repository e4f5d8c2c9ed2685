import { describe, expect, it } from 'vitest';
import { changedKeys } from './changed-keys';

describe('what a history entry changed', () => {
  it('lists the top-level fields whose value differs, ignoring timestamps', () => {
    expect(
      changedKeys(
        { name: 'A', traffic: 10_000, versions: [{ key: 'a', weight: 5000 }], updatedAt: '1' },
        { name: 'A', traffic: 5000, versions: [{ weight: 4000, key: 'a' }], updatedAt: '2', status: 'running' },
      ),
    ).toEqual(['traffic', 'versions', 'status']);
  });

  it('treats a missing snapshot as having no fields', () => {
    expect(changedKeys(null, { name: 'A' })).toEqual(['name']);
    expect(changedKeys({ name: 'A' }, null)).toEqual(['name']);
  });
});
