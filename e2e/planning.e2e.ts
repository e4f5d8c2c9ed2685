import { mkdirSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumArgs, chromiumAvailable, chromiumPath } from './support/chromium';
import { callApi, createClientKey, type Owner, signUpOwnerWithProject } from './support/owner';
import { type RunningServer, startServer } from './support/server';

const artifacts = new URL('./artifacts/', import.meta.url).pathname;
const DAY = 86_400_000;

/** Two weeks of a shop: 70 visitors a day, one in ten of them buying. */
function history(now: number) {
  return Array.from({ length: 980 }, (_, index) => {
    const at = now - (index % 14) * DAY - 3_600_000;
    const unitId = `visitor-${index}`;
    const view = {
      id: `pageview-${index}`,
      type: 'track',
      at,
      unitId,
      event: '$pageview',
      properties: { url: 'https://shop.example/' },
    };
    return index % 10 === 0
      ? [view, { id: `purchase-${index}`, type: 'track', at: at + 1000, unitId, event: 'purchase' }]
      : [view];
  }).flat();
}

// Issue 21, planning: the wizard estimates how long an experiment needs from the metric's real history, and the
// power calculator opens from the wizard and the metric library, filled in the same way.
describe.skipIf(!chromiumAvailable)('planning an experiment', () => {
  let tabula: RunningServer;
  let browser: Browser;
  let owner: Owner;

  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    tabula = await startServer();
    owner = await signUpOwnerWithProject(tabula.url);
    const clientKey = await createClientKey(tabula.url, owner);
    await callApi(tabula.url, `/api/v1/projects/${owner.projectId}/metrics`, {
      method: 'POST',
      headers: owner.headers,
      body: JSON.stringify({
        key: 'purchased',
        name: 'Purchased',
        type: 'conversion',
        source: { kind: 'event', event: 'purchase' },
      }),
    });
    // In batches of the size the SDK sends.
    const events = history(Date.now());
    for (let start = 0; start < events.length; start += 200) {
      const sent = await fetch(`${tabula.url}/sdk/v1/events/${clientKey}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ events: events.slice(start, start + 200) }),
      });
      expect(sent.status).toBe(202);
    }
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  });

  afterAll(async () => {
    await browser?.close();
    await tabula?.stop();
  });

  async function signedIn(width: number, locale: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 }, locale });
    const [name = '', value = ''] = (owner.headers.cookie ?? '').split('=');
    await context.addCookies([{ name, value, url: tabula.url }]);
    return context.newPage();
  }

  it('estimates the days a primary metric needs in the wizard, and opens the calculator filled in', async () => {
    const page = await signedIn(1440, 'en-US');
    await page.goto(`${tabula.url}/projects/${owner.projectId}/experiments/new`);
    await page.getByTestId('wizard-name').fill('Bigger button');
    for (let step = 0; step < 3; step++) await page.getByTestId('wizard-next').click();
    await page.getByRole('combobox', { name: 'Primary metrics' }).click();
    await page.locator('.ant-select-item-option', { hasText: 'Purchased' }).click();
    await page.keyboard.press('Escape');
    // 10% of 70 visitors a day, a 5% effect with 80% power: 57,760 units in each of two versions.
    await expect.poll(() => page.getByTestId('plan-days-purchased').textContent()).toBe('1,651 days (115,520 units)');
    await page.getByTestId('plan-mde').fill('50');
    await expect.poll(() => page.getByTestId('plan-days-purchased').textContent()).toMatch(/^\d+ days/);
    await page.screenshot({ path: `${artifacts}planning-wizard.png` });
    await page.getByTestId('open-power-calculator').click();
    await expect
      .poll(() => page.getByTestId('power-history').textContent())
      .toBe('From the last 14 days: 980 visitors of the site, 70 a day.');
    expect(await page.getByTestId('power-rate').inputValue()).toBe('10.0');
    await page.screenshot({ path: `${artifacts}planning-calculator.png`, animations: 'disabled' });
    await page.context().close();
  });

  it('opens the calculator for a metric of the library, on a phone too', async () => {
    const page = await signedIn(390, 'zh-CN');
    await page.goto(`${tabula.url}/projects/${owner.projectId}/metrics`);
    await page.getByTestId('metric-plan-purchased').click();
    await expect
      .poll(() => page.getByTestId('power-history').textContent())
      .toBe('来自最近 14 天：网站的 980 位访客，每天 70 位。');
    await page.screenshot({ path: `${artifacts}planning-library-phone.png`, animations: 'disabled' });
    await page.context().close();
  });
});
