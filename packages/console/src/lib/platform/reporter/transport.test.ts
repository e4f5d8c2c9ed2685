import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTransport, REPORT_TIMEOUT_MS } from './transport';

const context = {
  releaseId: 'r-1',
  edition: 'mini-games',
  platform: 'sg',
  environment: 'test',
  userId: 'usrQwner23456789',
} as const;

describe('report transport', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('posts the batch with its tags to the endpoint', async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => new Response(null, { status: 204 }));
    await createTransport({ fetch, context: () => context })('collect', [{ kind: 'error' }]);
    expect(fetch).toHaveBeenCalledWith(
      '/api/rum/collect',
      expect.objectContaining({ method: 'POST', credentials: 'same-origin' }),
    );
    const init = fetch.mock.calls[0]![1] as RequestInit;
    expect(JSON.parse(String(init.body))).toEqual({ context, reports: [{ kind: 'error' }] });
    // It outlives a navigation away from the page, which would otherwise abort it.
    expect(init.keepalive).toBe(true);
  });

  it('sends a batch too large to outlive its page as a plain request', async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => new Response(null, { status: 204 }));
    const large = Array.from({ length: 2_000 }, () => ({ kind: 'error', message: 'x'.repeat(40) }));
    await createTransport({ fetch, context: () => context })('collect', large);
    expect((fetch.mock.calls[0]![1] as RequestInit).keepalive).toBe(false);
  });

  it('gives up after 5 seconds', async () => {
    let signal: AbortSignal | undefined;
    const fetch = vi.fn(
      (_url: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          signal = init?.signal ?? undefined;
          signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const sending = createTransport({ fetch, context: () => context })('speed', [{}]);
    await vi.advanceTimersByTimeAsync(REPORT_TIMEOUT_MS - 1);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal?.aborted).toBe(true);
    await expect(sending).resolves.toBeUndefined();
    expect(REPORT_TIMEOUT_MS).toBe(5000);
  });

  it('never throws, whatever fails', async () => {
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(createTransport({ fetch: offline, context: () => context })('collect', [])).resolves.toBeUndefined();
    const brokenTags = () => {
      throw new Error('no store');
    };
    const fetch = vi.fn(async () => new Response(null));
    await expect(createTransport({ fetch, context: brokenTags })('collect', [])).resolves.toBeUndefined();
  });
});
