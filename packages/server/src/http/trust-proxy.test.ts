import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { sdkProject } from '../../test/sdk';

/** Two batches a minute per key and client address: the third from one address is refused. */
const LIMIT = 2;

async function statusesFrom(t: TestApp, clientKey: string, from: { peer: string; forwardedFor?: string }) {
  const statuses: number[] = [];
  for (let attempt = 0; attempt <= LIMIT; attempt += 1) {
    const response = await t.app.inject({
      method: 'POST',
      url: `/sdk/v1/events/${clientKey}`,
      remoteAddress: from.peer,
      headers: from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {},
      payload: { events: [{ type: 'track', id: randomUUID(), at: Date.now(), unitId: 'u', event: 'e' }] },
    });
    statuses.push(response.statusCode);
  }
  return statuses;
}

/** What one client's first three batches get. */
const ONE_CLIENT = [202, 202, 429];

describe('client addresses behind a proxy (TABULA_TRUST_PROXY)', () => {
  it('ignores X-Forwarded-For by default, so a forged one dodges no limit', async () => {
    const t = await createTestApp({ sdkEventRequestsPerMinute: LIMIT });
    try {
      const { clientKey } = await sdkProject(t.app);
      expect(await statusesFrom(t, clientKey, { peer: '127.0.0.1', forwardedFor: '203.0.113.1' })).toEqual(ONE_CLIENT);
      // Another forged address is the same client all the same.
      const forged = await statusesFrom(t, clientKey, { peer: '127.0.0.1', forwardedFor: '203.0.113.2' });
      expect(forged).toEqual([429, 429, 429]);
    } finally {
      await t.close();
    }
  });

  it('counts each client behind a trusted proxy on its own, and believes no one else', async () => {
    const t = await createTestApp({ sdkEventRequestsPerMinute: LIMIT, trustProxy: ['127.0.0.1'] });
    try {
      const { clientKey } = await sdkProject(t.app);
      // Behind the proxy, visitors share its address yet keep limits of their own.
      expect(await statusesFrom(t, clientKey, { peer: '127.0.0.1', forwardedFor: '203.0.113.1' })).toEqual(ONE_CLIENT);
      expect(await statusesFrom(t, clientKey, { peer: '127.0.0.1', forwardedFor: '203.0.113.2' })).toEqual(ONE_CLIENT);
      // A client reaching the server directly cannot choose its address by the header.
      const direct = { peer: '198.51.100.7', forwardedFor: '203.0.113.3' };
      expect(await statusesFrom(t, clientKey, direct)).toEqual(ONE_CLIENT);
      const again = await statusesFrom(t, clientKey, { ...direct, forwardedFor: '203.0.113.4' });
      expect(again).toEqual([429, 429, 429]);
    } finally {
      await t.close();
    }
  });
});
