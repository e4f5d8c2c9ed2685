import { describe, expect, it } from 'vitest';
import { diffSnapshots, formatValue } from './diff';

describe('audit diff', () => {
  it('lists only the fields that changed, nested ones by dotted path', () => {
    const before = { name: 'Shop', description: 'Old', settings: { color: 'red', size: 2 }, tags: ['a'] };
    const after = { name: 'Shop', description: 'New', settings: { color: 'blue', size: 2 }, tags: ['a', 'b'] };
    expect(diffSnapshots(before, after)).toEqual([
      { path: 'description', before: 'Old', after: 'New', kind: 'changed' },
      { path: 'settings.color', before: 'red', after: 'blue', kind: 'changed' },
      { path: 'tags', before: ['a'], after: ['a', 'b'], kind: 'changed' },
    ]);
  });

  it('shows a creation as all fields added and a deletion as all removed', () => {
    expect(diffSnapshots(null, { name: 'A' })).toEqual([
      { path: 'name', before: undefined, after: 'A', kind: 'added' },
    ]);
    expect(diffSnapshots({ name: 'A' }, null)).toEqual([
      { path: 'name', before: 'A', after: undefined, kind: 'removed' },
    ]);
  });

  it('copes with snapshots that are bare values', () => {
    expect(diffSnapshots('viewer', 'editor')).toEqual([
      { path: 'value', before: 'viewer', after: 'editor', kind: 'changed' },
    ]);
  });

  it('formats values for reading', () => {
    expect(formatValue('text')).toBe('text');
    expect(formatValue({ a: 1 })).toBe('{"a":1}');
    expect(formatValue(null)).toBe('null');
  });
});
