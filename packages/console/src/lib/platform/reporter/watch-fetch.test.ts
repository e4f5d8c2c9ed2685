import { describe, expect, it, vi } from 'vitest';
import type { WatchedCall } from './api-call';
import { watchFetch } from './watch-fetch';

const isWatched = (url: string) => url.startsWith('/api/');

function watchedPage(answer: (url: string) => Promise<Response>) {
  const page = { fetch: vi.fn((input: RequestInfo | URL) => answer(String(input))) as typeof fetch };
  const calls: WatchedCall[] = [];
  const restore = watchFetch(page, isWatched, (call) => calls.push(call));
  return { page, calls, restore };
}

describe('watching fetch', () => {
  it('hands every finished watched call over, and the caller still reads the whole body', async () => {
    const { page, calls } = watchedPage(async () => new Response('{"error":{}}', { status: 500 }));
    const response = await page.fetch('/api/v1/flags', { method: 'POST' });
    expect(await response.text()).toBe('{"error":{}}');
    await vi.waitFor(() =>
      expect(calls).toEqual([{ method: 'POST', url: '/api/v1/flags', status: 500, body: '{"error":{}}' }]),
    );
  });

  it('hands a network failure over as status 0 and still rejects for the caller', async () => {
    const { page, calls } = watchedPage(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(page.fetch('/api/v1/flags')).rejects.toThrow('Failed to fetch');
    expect(calls).toEqual([{ method: 'GET', url: '/api/v1/flags', status: 0, body: 'Failed to fetch' }]);
  });

  it('leaves out calls the caller aborted and calls to unwatched hosts', async () => {
    const { page, calls } = watchedPage(async (url) => {
      if (url.includes('aborted')) throw new DOMException('The user aborted a request.', 'AbortError');
      return new Response('nope', { status: 500 });
    });
    await expect(page.fetch('/api/v1/aborted')).rejects.toThrow('aborted');
    await page.fetch('/i18n/console/common/en.json');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toEqual([]);
  });

  it('does not read the body of a 401', async () => {
    const { page, calls } = watchedPage(async () => new Response('secret', { status: 401 }));
    await page.fetch('/api/v1/auth/me');
    await vi.waitFor(() => expect(calls).toEqual([{ method: 'GET', url: '/api/v1/auth/me', status: 401, body: '' }]));
  });

  it('puts the original fetch back', async () => {
    const { page, restore } = watchedPage(async () => new Response(''));
    const watched = page.fetch;
    restore();
    expect(page.fetch).not.toBe(watched);
  });
});
