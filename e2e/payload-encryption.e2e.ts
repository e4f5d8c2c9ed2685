import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable } from './support/chromium';
import { type CustomerScene, startCustomerScene } from './support/customer-scene';
import { createClientKey } from './support/owner';

const artifacts = new URL('./artifacts/', import.meta.url).pathname;

interface PageClient {
  ready(): Promise<boolean>;
  isOn(key: string): boolean;
  setAttributes(attributes: Record<string, unknown>): void;
}
type SdkWindow = Window & { Tabula: { client: PageClient } };

const STAFF = 'ana@example.com';

// An admin encrypts production's payload in the console and pastes the snippet the console then writes: the page
// reads its flags, and nothing it downloads names the flag or the addresses its rule lists.
describe.skipIf(!chromiumAvailable)('an encrypted payload on a customer page', () => {
  let scene: CustomerScene;
  let snippet = '';

  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    scene = await startCustomerScene(() => snippet);
    const { tabula, owner } = scene;
    await createClientKey(tabula.url, owner, 'production');
    const api = (method: string, path: string, body: unknown) =>
      fetch(`${tabula.url}/api/v1/projects/${owner.projectId}${path}`, {
        method,
        headers: owner.headers,
        body: JSON.stringify(body),
      });
    const flag = { key: 'staff-preview', name: 'Staff preview', type: 'boolean', defaultVariant: 'off' };
    expect((await api('POST', '/flags', flag)).status).toBe(201);
    const rules = [
      {
        conditions: [{ attribute: 'email', operator: 'in_hashed', values: [STAFF, 'bo@example.com'] }],
        serve: { kind: 'variant', variant: 'on' },
      },
    ];
    const saved = await api('PUT', '/flags/staff-preview/environments/production', { enabled: true, rules });
    expect(saved.status, await saved.text()).toBe(200);
  });

  afterAll(() => scene?.stop());

  it('turns encryption on in the environment settings, which then show the key', async () => {
    const { tabula, owner, admin } = scene;
    await admin.goto(`${tabula.url}/projects/${owner.projectId}/settings/environments`);
    await admin.getByTestId('encryption-switch-production').click();
    await admin.getByTestId('encryption-confirm').click();
    const key = admin.getByTestId('payload-key-production');
    await key.waitFor();
    expect(await key.textContent()).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    await admin.screenshot({ path: `${artifacts}payload-encryption-on.png`, animations: 'disabled' });
  });

  it('gives the key to the snippet; the page decrypts its payload and matches hashed addresses', async () => {
    const { tabula, owner, admin, browser, site } = scene;
    await admin.goto(`${tabula.url}/projects/${owner.projectId}/integration`);
    await admin.getByTestId('snippet-unit-id').fill('visitor-1');
    await expect
      .poll(async () => (await admin.getByTestId('snippet-code').textContent()) ?? '')
      .toContain('data-decryption-key=');
    snippet = (await admin.getByTestId('snippet-code').textContent()) ?? '';

    const visitor = await (await browser.newContext()).newPage();
    const errors: string[] = [];
    visitor.on('pageerror', (error) => errors.push(error.message));
    visitor.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const downloaded: string[] = [];
    visitor.on('response', async (response) => {
      if (response.url().includes('/sdk/')) downloaded.push(await response.text().catch(() => ''));
    });
    await visitor.goto(site.url);
    expect(await visitor.evaluate(() => (window as unknown as SdkWindow).Tabula.client.ready())).toBe(true);
    const isOnFor = (email: string) =>
      visitor.evaluate((address) => {
        const { client } = (window as unknown as SdkWindow).Tabula;
        client.setAttributes({ email: address });
        return client.isOn('staff-preview');
      }, email);
    expect(await isOnFor(STAFF)).toBe(true);
    expect(await isOnFor('eve@example.com')).toBe(false);

    const payloads = downloaded.filter((text) => text.includes('"encrypted"'));
    expect(payloads.length).toBeGreaterThan(0);
    for (const text of downloaded) {
      expect(text).not.toContain('staff-preview');
      expect(text).not.toContain(STAFF);
    }
    expect(errors).toEqual([]);
  });
});
