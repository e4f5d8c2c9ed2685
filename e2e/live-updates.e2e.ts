import { mkdirSync } from 'node:fs';
import type { ProductFamily } from '@tabula/protocol';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable } from './support/chromium';
import { type CustomerScene, startCustomerScene } from './support/customer-scene';
import { confirmDialog } from './support/dialog';
import { flagsApi } from './support/flags-api';
import { createClientKey } from './support/owner';

const artifacts = new URL('./artifacts/', import.meta.url).pathname;
/** The production switch's confirmation promises real users the change "within seconds". */
const LIVE_UPDATE_MS = 2_000;
const FLAG = 'live-banner';

interface PageClient {
  ready(): Promise<boolean>;
  isOn(key: string): boolean;
}
/** Page functions are serialised into the page, so each one reaches the client itself. */
type SdkWindow = Window & { Tabula: { client: PageClient } };

const FAMILIES: { family: ProductFamily; serverEnv: Record<string, string> }[] = [
  // Without an edition for its host the console is the internal tab edition (spec §1).
  { family: 'tab', serverEnv: {} },
  // The console's host names the international edition, whose family is abc.
  { family: 'abc', serverEnv: { TABULA_EDITIONS: '127.0.0.1=international' } },
];

// Issue 16 §2: a page pasted from the console's Integration page follows a production switch in seconds, without a
// reload, whichever family the console's edition writes the snippet for.
describe.skipIf(!chromiumAvailable).each(FAMILIES)('live updates for the $family family', ({ family, serverEnv }) => {
  let scene: CustomerScene;
  let snippet = '';
  let visitor: Page;

  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    scene = await startCustomerScene(() => snippet, serverEnv);
    const { tabula, owner } = scene;
    await createClientKey(tabula.url, owner, 'production');
    const flags = flagsApi(tabula.url, owner);
    await flags.create({ key: FLAG, name: 'Live banner', type: 'boolean', defaultVariant: 'off' });
    // Off in production, with a rule that serves everyone "on" once the switch is turned on.
    await flags.setEnvironment(FLAG, 'production', {
      enabled: false,
      rules: [{ serve: { kind: 'variant', variant: 'on' } }],
    });
  });

  afterAll(() => scene?.stop());

  it('writes the snippet with live updates on by default, and the pasted page starts with the flag off', async () => {
    const { tabula, owner, admin, browser, site } = scene;
    await admin.goto(`${tabula.url}/projects/${owner.projectId}/integration`);
    await admin.getByTestId('snippet-unit-id').fill('visitor-1');
    expect(await admin.getByTestId('snippet-family').getAttribute('data-family')).toBe(family);
    expect(await admin.getByTestId('snippet-streaming').getAttribute('aria-checked')).toBe('true');
    await expect
      .poll(async () => (await admin.getByTestId('snippet-code').textContent()) ?? '')
      .toContain(family === 'tab' ? 'data-user-id="visitor-1"' : 'data-unit-id="visitor-1"');
    snippet = (await admin.getByTestId('snippet-code').textContent()) ?? '';
    expect(snippet).toContain('data-streaming="true"');
    // The snippet shows once the project's keys have loaded, with its client key in place of the placeholder.
    expect(snippet).not.toContain('{key}');
    await admin.screenshot({ path: `${artifacts}live-updates-snippet-${family}.png`, animations: 'disabled' });

    visitor = await (await browser.newContext()).newPage();
    const pageErrors: string[] = [];
    visitor.on('pageerror', (error) => pageErrors.push(error.message));
    await visitor.goto(site.url);
    expect(new URL(site.url).origin).not.toBe(new URL(tabula.url).origin);
    // ready() answers false once the SDK's own timeout passes without a payload: a loaded machine may take longer.
    await expect
      .poll(() => visitor.evaluate(() => (window as unknown as SdkWindow).Tabula.client.ready()), { timeout: 10_000 })
      .toBe(true);
    expect(await visitor.evaluate((key) => (window as unknown as SdkWindow).Tabula.client.isOn(key), FLAG)).toBe(false);
    expect(pageErrors).toEqual([]);
  });

  it.each([true, false])(
    'switching the flag in production (to on: %s) reaches the open page within 2 s, without a reload',
    async (on) => {
      const { tabula, owner, admin } = scene;
      await admin.goto(`${tabula.url}/projects/${owner.projectId}/flags`);
      const toggle = admin.getByTestId(`flag-switch-${FLAG}-production`);
      expect(await toggle.getAttribute('aria-checked')).toBe(String(!on));
      await visitor.evaluate(() => {
        (window as unknown as { notReloaded: boolean }).notReloaded = true;
      });
      await toggle.click();
      // The clock starts when the server has accepted the switch: the change is then the server's to deliver, and
      // the console's own request, slow or fast on a busy machine, is not what pages are waiting for.
      const saved = await confirmDialog(
        admin,
        admin.getByTestId('flag-switch-confirm'),
        (request) => request.method() === 'PUT' && request.url().endsWith(`/flags/${FLAG}/environments/production`),
      );
      expect(saved.status()).toBe(200);
      await visitor.waitForFunction(
        ([key, expected]) => {
          const page = window as unknown as SdkWindow & { notReloaded?: boolean };
          return page.notReloaded === true && page.Tabula.client.isOn(key) === expected;
        },
        [FLAG, on] as const,
        { timeout: LIVE_UPDATE_MS },
      );
      await expect.poll(() => toggle.getAttribute('aria-checked')).toBe(String(on));
    },
  );
});
