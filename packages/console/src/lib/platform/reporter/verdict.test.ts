import { describe, expect, it } from 'vitest';
import { judgeCall } from './verdict';

const call = (status: number, body: unknown, path = '/api/v1/projects') => ({
  path,
  status,
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

describe('judging a watched call (spec §7)', () => {
  it.each([
    ['an empty body', call(204, '')],
    ['status success', call(200, { status: 'success', data: [] })],
    ['status info', call(200, { status: 'info', message: 'nothing changed' })],
    ['code 0', call(200, { code: 0, data: {} })],
    ['code 0 beside another status', call(200, { code: 0, status: 'warning' })],
    ['a plain resource', call(200, { projects: [] })],
    ['a resource with its own status', call(200, { key: 'checkout', status: 'running' })],
    ['a list', call(200, [1, 2])],
    ['plain text', call(200, 'ok')],
  ])('2xx with %s is a success', (_, finished) => {
    expect(judgeCall(finished)).toBe('success');
  });

  it.each([
    ['status error', call(200, { status: 'error', message: 'nope' })],
    ['status fail', call(200, { status: 'fail' })],
    ['a non-zero code', call(200, { code: 1001, msg: 'quota' })],
    ['a 404', call(404, { error: { code: 'not_found', message: 'Flag not found' } })],
    ['a 500', call(500, 'Internal Server Error')],
    ['a 403', call(403, { error: { code: 'forbidden', message: 'no' } })],
    ['no response', call(0, 'Failed to fetch')],
  ])('%s is an error', (_, finished) => {
    expect(judgeCall(finished)).toBe('error');
  });

  it('never treats a 401 as an error', () => {
    expect(judgeCall(call(401, { error: { code: 'unauthorized', message: 'Please sign in' } }))).toBe('not-an-error');
    expect(judgeCall(call(401, '', '/api/auth/auth0token'))).toBe('not-an-error');
  });

  it('judges the token exchange by its token alone', () => {
    const path = '/api/auth/auth0token';
    expect(judgeCall(call(200, { token: 'csrf', me: {} }, path))).toBe('success');
    expect(judgeCall(call(200, { token: '' }, path))).toBe('error');
    expect(judgeCall(call(200, { status: 'success' }, path))).toBe('error');
    expect(judgeCall(call(200, '', path))).toBe('error');
    expect(judgeCall(call(400, { error: { code: 'bad_request', message: 'State mismatch' } }, path))).toBe('error');
  });
});
