import { OFREPProvider } from '@openfeature/ofrep-provider';
import { OpenFeature } from '@openfeature/server-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { type SdkProject, sdkShop } from '../../../test/sdk';

// The official OFREP provider for Node, unchanged, pointed at Tabula: what a team using OpenFeature would configure.
describe('the official OFREP provider against Tabula', () => {
  const t = useTestApp();
  let shop: SdkProject;
  let base = '';

  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    shop = await sdkShop(t.app, t.database.db);
  });
  afterAll(() => OpenFeature.close());

  const clientWith = async (domain: string, headers: Record<string, string>) => {
    await OpenFeature.setProviderAndWait(domain, new OFREPProvider({ baseUrl: base, headers }));
    return OpenFeature.getClient(domain);
  };

  it('evaluates boolean and string flags with their reason and variant', async () => {
    const client = await clientWith('tabula', { Authorization: `Bearer ${shop.clientKey}` });
    const pro = await client.getBooleanDetails('beta', false, { targetingKey: 'u-1', plan: 'pro' });
    expect(pro).toMatchObject({ value: true, reason: 'TARGETING_MATCH', variant: 'on' });
    expect(pro.errorCode).toBeUndefined();
    const size = await client.getStringDetails('hero-size', 'm', { targetingKey: 'u-1' });
    expect(size.reason).toBe('SPLIT');
    expect(['s', 'l']).toContain(size.value);
  });

  it('gets the caller’s default with OpenFeature error codes when Tabula cannot serve the flag', async () => {
    const client = await clientWith('tabula-errors', { 'X-API-Key': shop.clientKey });
    const missing = await client.getBooleanDetails('no-such-flag', true, { targetingKey: 'u-1' });
    expect(missing).toMatchObject({ value: true, reason: 'ERROR', errorCode: 'FLAG_NOT_FOUND' });
    const noUnit = await client.getStringDetails('hero-size', 'fallback', {});
    expect(noUnit).toMatchObject({ value: 'fallback', reason: 'ERROR', errorCode: 'TARGETING_KEY_MISSING' });
    const wrongType = await client.getNumberDetails('beta', 3, { targetingKey: 'u-1' });
    expect(wrongType).toMatchObject({ value: 3, reason: 'ERROR', errorCode: 'TYPE_MISMATCH' });
  });

  it('gets the default, not a value, with a key Tabula does not know', async () => {
    const client = await clientWith('tabula-unknown', { Authorization: 'Bearer tbc_unknown-key' });
    const details = await client.getBooleanDetails('beta', false, { targetingKey: 'u-1', plan: 'pro' });
    expect(details.value).toBe(false);
    expect(details.reason).toBe('ERROR');
  });
});
