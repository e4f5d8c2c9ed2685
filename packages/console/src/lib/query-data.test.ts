import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { storeAnswer } from './query-data';

describe('storeAnswer', () => {
  it('keeps the answer when a fetch sent before the change lands after it', async () => {
    const queryClient = new QueryClient();
    const key = ['organization'];
    queryClient.setQueryData(key, { requireMfa: false });
    let land: (value: { requireMfa: boolean }) => void = () => {};
    const fetching = queryClient
      .fetchQuery({ queryKey: key, queryFn: () => new Promise((resolve) => (land = resolve)), staleTime: 0 })
      .catch(() => undefined);

    await storeAnswer(queryClient, key, { requireMfa: true });
    land({ requireMfa: false });
    await fetching;

    expect(queryClient.getQueryData(key)).toEqual({ requireMfa: true });
  });

  it('applies an updater to what the cache holds', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['flag'], { on: false, name: 'x' });
    await storeAnswer<{ on: boolean; name: string }>(queryClient, ['flag'], (flag) => flag && { ...flag, on: true });
    expect(queryClient.getQueryData(['flag'])).toEqual({ on: true, name: 'x' });
  });
});
