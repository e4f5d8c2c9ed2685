import type { PayloadFlag, SdkPayload } from '@tabula/protocol';
import { describe, expect, it } from 'vitest';
import { changedFlags, stableJson } from '../../src/openfeature/changed-flags';
import { makePayload } from '../client/fake-server';

const flag = (key: string, changes: Partial<PayloadFlag> = {}): PayloadFlag => ({
  key,
  type: 'boolean',
  variants: [
    { key: 'on', value: true },
    { key: 'off', value: false },
  ],
  defaultVariant: 'on',
  offVariant: 'off',
  enabled: true,
  rules: [],
  ...changes,
});

/** A payload of a new revision: every payload differs from the one before in its revision and time at least. */
const next = (payload: SdkPayload, change: (copy: SdkPayload) => void): SdkPayload => {
  const copy = structuredClone(payload);
  copy.revision = `${payload.revision}+`;
  copy.generatedAt = new Date(Date.parse(payload.generatedAt) + 1_000).toISOString();
  change(copy);
  return copy;
};

describe('stableJson', () => {
  it('reads the same whatever order the keys came in, at every depth', () => {
    expect(stableJson({ b: 1, a: { d: [1, { f: 2, e: 3 }], c: null } })).toBe(
      stableJson({ a: { c: null, d: [1, { e: 3, f: 2 }] }, b: 1 }),
    );
    expect(stableJson({ b: 1, a: 'x' })).toBe('{"a":"x","b":1}');
  });

  it('keeps what JSON keeps: undefined fields are absent, array order matters', () => {
    expect(stableJson({ a: undefined, b: [undefined, 2] })).toBe('{"b":[null,2]}');
    expect(stableJson([1, 2])).not.toBe(stableJson([2, 1]));
    expect(stableJson('text')).toBe('"text"');
  });
});

describe('changedFlags', () => {
  const before = makePayload('r1');

  it('is empty when only the revision and the time changed', () => {
    expect(
      changedFlags(
        before,
        next(before, () => {}),
      ),
    ).toEqual([]);
  });

  it('names a flag whose definition changed, however deep', () => {
    const after = next(before, (payload) => {
      payload.flags[0]!.enabled = false;
    });
    expect(changedFlags(before, after)).toEqual(['new-checkout']);
    const metadata = next(before, (payload) => {
      payload.flags[1] = { ...payload.flags[1]!, metadata: { owner: 'growth' } } as PayloadFlag;
    });
    expect(changedFlags(before, metadata)).toEqual(['button-color']);
  });

  it('ignores the order of a flag object keys', () => {
    const after = next(before, (payload) => {
      const [first] = payload.flags;
      payload.flags[0] = Object.fromEntries(Object.entries(first!).reverse()) as PayloadFlag;
    });
    expect(changedFlags(before, after)).toEqual([]);
  });

  it('names added flags, then removed ones', () => {
    const after = next(before, (payload) => {
      payload.flags = [flag('fresh'), payload.flags[1]!];
    });
    expect(changedFlags(before, after)).toEqual(['fresh', 'new-checkout']);
  });

  it('names a flag served by an experiment whose versions changed, and only that one', () => {
    const after = next(before, (payload) => {
      payload.experiments[0]!.versions[1]!.params = { color: 'red' };
    });
    expect(changedFlags(before, after)).toEqual(['button-color']);
  });

  it('names the flags whose rules or experiment use a segment that changed', () => {
    const withSegments = next(before, (payload) => {
      payload.segments = [
        { key: 'pros', conditions: [{ attribute: 'plan', operator: 'eq', values: ['pro'] }] },
        { key: 'europe', conditions: [{ attribute: 'country', operator: 'in', values: ['FR', 'DE'] }] },
      ];
      payload.flags.push(
        flag('for-pros', {
          rules: [{ id: 'r', conditions: [], segments: ['pros'], serve: { kind: 'variant', variant: 'on' } }],
        }),
      );
      payload.experiments[0]!.segments = ['europe'];
    });
    const prosChanged = next(withSegments, (payload) => {
      payload.segments[0]!.conditions[0]!.values = ['pro', 'team'];
    });
    expect(changedFlags(withSegments, prosChanged)).toEqual(['for-pros']);
    const europeChanged = next(withSegments, (payload) => {
      payload.segments[1]!.conditions[0]!.values = ['FR'];
    });
    expect(changedFlags(withSegments, europeChanged)).toEqual(['button-color']);
  });

  it('names every flag when there is no payload before', () => {
    expect(changedFlags(undefined, before)).toEqual(['new-checkout', 'button-color']);
  });
});
