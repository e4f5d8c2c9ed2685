import { describe, expect, it } from 'vitest';
import { readOfrepContext } from './context';

describe('an OFREP evaluation context', () => {
  it('takes targetingKey as the unit and scalar fields as attributes, leaving nested values out', () => {
    expect(
      readOfrepContext({
        context: { targetingKey: 'u-1', plan: 'pro', age: 42, beta: true, user: { id: 1 }, tags: ['a'] },
      }),
    ).toEqual({
      ok: true,
      targetingKey: 'u-1',
      attributes: { plan: 'pro', age: 42, beta: true },
    });
  });

  it('is empty without a body or a context', () => {
    expect(readOfrepContext(undefined)).toEqual({ ok: true, targetingKey: null, attributes: {} });
    expect(readOfrepContext({})).toEqual({ ok: true, targetingKey: null, attributes: {} });
  });

  it('refuses what is no context, saying why', () => {
    expect(readOfrepContext('text')).toMatchObject({ ok: false, errorCode: 'PARSE_ERROR' });
    expect(readOfrepContext({ context: [] })).toMatchObject({ ok: false, errorCode: 'INVALID_CONTEXT' });
    expect(readOfrepContext({ context: { targetingKey: 1 } })).toMatchObject({
      ok: false,
      errorCode: 'INVALID_CONTEXT',
    });
    expect(readOfrepContext({ context: { note: 'x'.repeat(2001) } })).toMatchObject({
      ok: false,
      errorCode: 'INVALID_CONTEXT',
      errorDetails: 'note is longer than 2000 characters',
    });
  });
});
