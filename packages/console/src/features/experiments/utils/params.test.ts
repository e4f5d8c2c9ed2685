import { MAX_PARAMS_BYTES } from '@tabula/protocol';
import { describe, expect, it } from 'vitest';
import { formatParams, parseParams } from './params';

describe('version params', () => {
  it('reads an object of typed values, and nothing as no params', () => {
    expect(parseParams('{"color": "green", "size": 2, "on": true, "list": [1], "nested": {"a": null}}')).toEqual({
      color: 'green',
      size: 2,
      on: true,
      list: [1],
      nested: { a: null },
    });
    expect(parseParams('  ')).toEqual({});
  });

  it('refuses broken JSON, values that are not an object, and empty names', () => {
    expect(parseParams('{"color": green}')).toBeUndefined();
    expect(parseParams('[1, 2]')).toBeUndefined();
    expect(parseParams('"green"')).toBeUndefined();
    expect(parseParams('null')).toBeUndefined();
    expect(parseParams('{"": 1}')).toBeUndefined();
  });

  it('refuses params too large for the SDK payload', () => {
    expect(parseParams(JSON.stringify({ text: 'x'.repeat(MAX_PARAMS_BYTES) }))).toBeUndefined();
    // Counted in UTF-8 bytes: under the limit in characters, over it in bytes.
    expect(parseParams(JSON.stringify({ text: '好'.repeat(MAX_PARAMS_BYTES / 2) }))).toBeUndefined();
  });

  it('shows params indented, and none as an empty editor', () => {
    expect(formatParams({})).toBe('');
    expect(formatParams({ a: 1 })).toBe('{\n  "a": 1\n}');
  });
});
