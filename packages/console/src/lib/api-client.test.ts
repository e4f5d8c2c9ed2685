import { describe, expect, it } from 'vitest';
import { mockApi } from '../testing/mock-api';
import { ApiError, type ApiErrorCode, api, isNotFound, setCsrfToken, unreachableApiHost } from './api-client';
import { usePlatformStore } from './platform/platform';
import { useServerReachability } from './server-reachability';

describe('api client', () => {
  it('sends the CSRF token of the session on every non-GET request, and never on GET', async () => {
    const { calls } = mockApi({
      'GET /api/v1/projects': { body: { projects: [] } },
      'POST /api/v1/projects': { status: 201, body: {} },
      'DELETE /api/v1/projects/x': { status: 204 },
    });
    setCsrfToken('token-1');

    await api.get('/projects');
    await api.post('/projects', { body: { name: 'A' } });
    await api.delete('/projects/x');

    expect(calls.map((call) => [call.method, call.headers.get('x-csrf-token')])).toEqual([
      ['GET', null],
      ['POST', 'token-1'],
      ['DELETE', 'token-1'],
    ]);
  });

  it('sends JSON with the session cookie, and no JSON content type without a body', async () => {
    const { calls, fetch } = mockApi({
      'POST /api/v1/things': { body: { ok: true } },
      'POST /api/v1/empty': { status: 204 },
    });

    await expect(api.post('/things', { body: { a: 1 }, query: { b: 'x y', skip: undefined } })).resolves.toEqual({
      ok: true,
    });
    await expect(api.post('/empty')).resolves.toBeUndefined();

    expect(fetch.mock.calls[0]?.[1]).toMatchObject({ credentials: 'include', method: 'POST' });
    expect(calls[0]?.headers.get('content-type')).toBe('application/json');
    expect(calls[0]?.body).toEqual({ a: 1 });
    expect(calls[0]?.search.toString()).toBe('b=x+y');
    expect(calls[1]?.headers.get('content-type')).toBeNull();
  });

  it('turns an error body into an ApiError with status, code, message and field details', async () => {
    mockApi({
      'POST /api/v1/projects': {
        status: 400,
        body: {
          error: {
            code: 'validation_failed',
            message: 'Please input name',
            details: [{ path: 'name', message: 'Please input name' }, { nonsense: true }],
          },
        },
      },
    });

    const error = await api.post('/projects', { body: {} }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Please input name' });
    expect((error as ApiError).fieldIssues).toEqual([{ path: 'name', message: 'Please input name' }]);
  });

  it('keeps how long the server asks to wait, and its mfa_required refusals', async () => {
    mockApi({
      'GET /api/v1/projects': {
        status: 403,
        body: { error: { code: 'mfa_required', message: 'Set up two-factor authentication first' } },
      },
      'POST /api/v1/auth/login': {
        status: 429,
        headers: { 'retry-after': '42' },
        body: { error: { code: 'rate_limited', message: 'Too many failed sign-ins: try again in 42 seconds' } },
      },
      'GET /api/v1/weird': { status: 403, body: { error: { code: 'made_up', message: 'Nope' } } },
    });

    await expect(api.get('/projects')).rejects.toMatchObject({ status: 403, code: 'mfa_required' });
    await expect(api.post('/auth/login', { body: {} })).rejects.toMatchObject({
      status: 429,
      code: 'rate_limited',
      retryAfterSeconds: 42,
    });
    // A code outside the protocol's list is no error shape the console knows.
    await expect(api.get('/weird')).rejects.toMatchObject({ status: 403, code: 'bad_request' });
  });

  it('still yields an ApiError when the body is not the error shape', async () => {
    mockApi({ 'GET /api/v1/broken': { status: 502, body: '<html>Bad gateway</html>' } });
    await expect(api.get('/broken')).rejects.toMatchObject({ status: 502, code: 'internal' });
  });

  it('reports an unreachable server as a network error', async () => {
    const { fetch } = mockApi({});
    fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api.get('/anything')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });

  it('notes that the server is gone on a network error, and back on any answer', async () => {
    const { fetch } = mockApi({
      'GET /api/v1/thing': { status: 404, body: { error: { code: 'not_found', message: 'x' } } },
    });
    fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api.get('/thing')).rejects.toMatchObject({ code: 'network_error' });
    expect(useServerReachability.getState().unreachable).toBe(true);
    await expect(api.get('/thing')).rejects.toMatchObject({ code: 'not_found' });
    expect(useServerReachability.getState().unreachable).toBe(false);
  });

  it('names the configured API host a network error met, and no host for its own origin', async () => {
    const { fetch } = mockApi({});
    fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    const own = await api.get('/thing').catch((error: unknown) => error);
    expect(unreachableApiHost(own)).toBeNull();
    expect(useServerReachability.getState()).toMatchObject({ unreachable: true, apiHost: null });
    const before = usePlatformStore.getState().apiHost;
    usePlatformStore.setState({ apiHost: 'https://api-sg.example.com' });
    try {
      const other = await api.get('/thing').catch((error: unknown) => error);
      expect(unreachableApiHost(other)).toBe('https://api-sg.example.com');
      expect(useServerReachability.getState()).toMatchObject({ apiHost: 'https://api-sg.example.com' });
    } finally {
      usePlatformStore.setState({ apiHost: before });
    }
  });

  it('checks answers against the schema it is given', async () => {
    mockApi({ 'GET /api/v1/shape': { body: { wrong: true } } });
    const schema = {
      parse(data: unknown) {
        if (!(data as { right?: boolean }).right) throw new Error('right is missing');
        return data;
      },
    };
    await expect(api.get('/shape', { schema })).rejects.toMatchObject({ code: 'invalid_response' });
  });

  it('calls the API host the environment tag selects, with the session cookie', async () => {
    const { fetch } = mockApi({ 'GET /api/v1/things': { body: [] } });
    const before = usePlatformStore.getState().apiHost;
    usePlatformStore.setState({ apiHost: 'https://api-sg.example.com' });
    try {
      await api.get('/things');
    } finally {
      usePlatformStore.setState({ apiHost: before });
    }
    expect(String(fetch.mock.calls[0]?.[0])).toBe('https://api-sg.example.com/api/v1/things');
    expect(fetch.mock.calls[0]?.[1]).toMatchObject({ credentials: 'include' });
  });

  it('reads a 404, or a 400 refusing the address as invalid, as nothing found there; no other failure', () => {
    const error = (status: number, code: ApiErrorCode) => new ApiError(status, code, 'x');
    expect(isNotFound(error(404, 'not_found'))).toBe(true);
    expect(isNotFound(error(400, 'validation_failed'))).toBe(true);
    expect(isNotFound(error(403, 'forbidden'))).toBe(false);
    expect(isNotFound(error(0, 'network_error'))).toBe(false);
    expect(isNotFound(error(500, 'internal'))).toBe(false);
    expect(isNotFound(new Error('not found'))).toBe(false);
  });
});
