import { describe, expect, it } from 'vitest';
import { diffLines, diffSnapshots, jsonLines } from './line-diff';

const signs = (lines: ReturnType<typeof diffLines>) =>
  lines.map((line) => `${{ same: ' ', added: '+', removed: '-' }[line.kind]}${line.text}`);

describe('line diff', () => {
  it('keeps equal texts as they are', () => {
    expect(signs(diffLines(['a', 'b'], ['a', 'b']))).toEqual([' a', ' b']);
  });

  it('marks lines added and removed around those kept', () => {
    expect(signs(diffLines(['a', 'b', 'c'], ['a', 'x', 'c', 'd']))).toEqual([' a', '-b', '+x', ' c', '+d']);
  });

  it('handles one side empty', () => {
    expect(signs(diffLines([], ['a']))).toEqual(['+a']);
    expect(signs(diffLines(['a'], []))).toEqual(['-a']);
    expect(diffLines([], [])).toEqual([]);
  });

  it('finds the longest common run rather than the first match', () => {
    expect(signs(diffLines(['x', 'a', 'b', 'c'], ['a', 'b', 'c', 'x']))).toEqual(['-x', ' a', ' b', ' c', '+x']);
  });

  it('lays snapshots out as indented JSON with sorted keys, and nothing as no lines', () => {
    expect(jsonLines({ b: 1, a: [true] })).toEqual(['{', '  "a": [', '    true', '  ],', '  "b": 1', '}']);
    expect(jsonLines(null)).toEqual([]);
  });

  it('shows the one field that changed between two snapshots, whatever their key order', () => {
    const lines = diffSnapshots({ enabled: false, rules: [] }, { rules: [], enabled: true });
    expect(signs(lines)).toEqual([' {', '-  "enabled": false,', '+  "enabled": true,', '   "rules": []', ' }']);
  });

  it('keeps markup as text', () => {
    const [line] = diffSnapshots(null, '<img src=x onerror=alert(1)>');
    expect(line).toEqual({ kind: 'added', text: '"<img src=x onerror=alert(1)>"' });
  });
});
