import { describe, expect, it } from 'vitest';
import {
  createApiKeyBodySchema,
  isInteger,
  keySchema,
  parseFloatOrZero,
  signupBodySchema,
  updateProjectBodySchema,
} from '../src';

describe('spec §5 number helpers', () => {
  it('accepts an optional minus sign followed by digits as an integer', () => {
    expect(['0', '42', '-7', '007'].every(isInteger)).toBe(true);
    expect(['', '-', '+1', '1.5', '1e3', ' 1', 'abc'].some(isInteger)).toBe(false);
  });

  it('parses floats and returns 0 for anything else', () => {
    expect(parseFloatOrZero('1.5')).toBe(1.5);
    expect(parseFloatOrZero(-3)).toBe(-3);
    expect(parseFloatOrZero('abc')).toBe(0);
    expect(parseFloatOrZero(undefined)).toBe(0);
    expect(parseFloatOrZero(Number.NaN)).toBe(0);
    expect(parseFloatOrZero(Number.POSITIVE_INFINITY)).toBe(0);
  });
});

describe('request schemas', () => {
  it('normalises the email and rejects unknown fields', () => {
    const ok = signupBodySchema.parse({
      email: '  Ada@Example.COM ',
      password: 'correct horse',
      name: 'Ada',
      organizationName: 'Acme',
    });
    expect(ok.email).toBe('ada@example.com');
    const extra = signupBodySchema.safeParse({ ...ok, admin: true });
    expect(extra.success).toBe(false);
  });

  it('names the failing field', () => {
    const result = signupBodySchema.safeParse({ email: 'nope', password: 'short', name: '', organizationName: 'x' });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['email', 'password', 'name']));
  });

  it('keeps keys lowercase and URL-safe', () => {
    expect(keySchema.safeParse('staging_eu-1').success).toBe(true);
    for (const bad of ['', 'Staging', '-x', 'a b', 'ü', 'x'.repeat(65)]) {
      expect(keySchema.safeParse(bad).success).toBe(false);
    }
  });

  it('refuses an empty project update and an unknown key kind', () => {
    expect(updateProjectBodySchema.safeParse({}).success).toBe(false);
    expect(createApiKeyBodySchema.safeParse({ name: 'web', kind: 'admin', environment: 'production' }).success).toBe(
      false,
    );
  });
});
