import { mkdirSync } from 'node:fs';
import { bucket } from '@tabula/sdk';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable } from './support/chromium';
import { type CustomerScene, startCustomerScene } from './support/customer-scene';
import { flagsApi } from './support/flags-api';
import { callApi, createClientKey } from './support/owner';

const artifacts = new URL('./artifacts/', import.meta.url).pathname;
const FLAG = 'promo-banner';

interface PageClient {
  ready(): Promise<boolean>;
  isOn(key: string): boolean;
}
type SdkWindow = Window & { Tabula: { client: PageClient } };

// A holdout started in the console keeps its units on a flag's default on a customer's page, while everyone else
// gets what the flag's rules serve.
describe.skipIf(!chromiumAvailable)('a holdout from the console on a customer page', () => {
  let scene: CustomerScene;
  let clientKey = '';
  let unitId = '';

  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    scene = await startCustomerScene(
      () =>
        `<script src="${scene.tabula.url}/sdk/tabula.js" data-client-key="${clientKey}" data-project-id="${scene.owner.projectId}" data-unit-id="${unitId}"></script>`,
    );
    clientKey = await createClientKey(scene.tabula.url, scene.owner, 'production');
    const flags = flagsApi(scene.tabula.url, scene.owner);
    await flags.create({ key: FLAG, name: 'Promo banner', type: 'boolean', defaultVariant: 'off' });
    await flags.setEnvironment(FLAG, 'production', {
      enabled: true,
      rules: [{ serve: { kind: 'variant', variant: 'on' } }],
    });
  });

  afterAll(() => scene?.stop());

  const isOnFor = async (unit: string, page: Page) => {
    unitId = unit;
    await page.goto(scene.site.url);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as SdkWindow).Tabula.client.ready()), { timeout: 10_000 })
      .toBe(true);
    return page.evaluate((key) => (window as unknown as SdkWindow).Tabula.client.isOn(key), FLAG);
  };

  it('starts a holdout of half the units covering a flag; held-out units get its default', async () => {
    const { tabula, owner, admin, browser } = scene;
    await admin.goto(`${tabula.url}/projects/${owner.projectId}/settings/holdout`);
    await admin.getByTestId('holdout-name').fill('First half');
    await admin.getByTestId('holdout-key').fill('holdout-h1');
    await admin.getByTestId('holdout-percent').fill('50');
    await admin.getByTestId('holdout-flags').click();
    await admin.locator('.ant-select-item-option', { hasText: FLAG }).click();
    await admin.keyboard.press('Escape');
    await admin.getByTestId('holdout-save').click();
    await admin.getByTestId('holdout-stop').waitFor();
    await admin.screenshot({ path: `${artifacts}holdout-running.png`, fullPage: true, animations: 'disabled' });

    const { holdouts } = await callApi<{ holdouts: { key: string; salt: string; percent: number; flags: string[] }[] }>(
      tabula.url,
      `/api/v1/projects/${owner.projectId}/holdouts`,
      { headers: owner.headers },
    );
    expect(holdouts).toMatchObject([{ key: 'holdout-h1', percent: 5000, flags: [FLAG] }]);
    const { salt } = holdouts[0]!;
    const units = Array.from({ length: 100 }, (_, index) => `visitor-${index}`);
    const held = units.find((unit) => bucket(salt, unit) < 5000)!;
    const general = units.find((unit) => bucket(salt, unit) >= 5000)!;

    const visitor = await (await browser.newContext()).newPage();
    const pageErrors: string[] = [];
    visitor.on('pageerror', (error) => pageErrors.push(error.message));
    expect(await isOnFor(general, visitor)).toBe(true);
    expect(await isOnFor(held, visitor)).toBe(false);
    expect(pageErrors).toEqual([]);
  });
});
