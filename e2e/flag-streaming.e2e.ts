import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable } from './support/chromium';
import { type CustomerScene, startCustomerScene } from './support/customer-scene';
import type { CustomerSite } from './support/customer-site';
import { createClientKey, type Owner } from './support/owner';
import type { RunningServer } from './support/server';

const artifacts = new URL('./artifacts/', import.meta.url).pathname;
/** The stream pushes a change at once; this leaves room for a loaded CI machine, far below the 10-minute poll. */
const STREAMING_DELAY_MS = 5_000;

interface PageClient {
  isOn(key: string): boolean;
  track(event: string, value?: number): void;
  flush(): Promise<void>;
  ready(): Promise<boolean>;
}
/** Page functions are serialised into the page, so each one reaches the client itself. */
type SdkWindow = Window & { Tabula: { client: PageClient } };

// A flag made and changed in the console reaches a customer's page through the stream, and what the page tracks
// is stored exactly once even when the answer to its first send is lost.
describe.skipIf(!chromiumAvailable)('a flag from the console on a customer page', () => {
  let scene: CustomerScene;
  let tabula: RunningServer;
  let browser: Browser;
  let site: CustomerSite;
  let owner: Owner;
  let admin: Page;
  let visitor: Page;
  let clientKey = '';

  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    scene = await startCustomerScene(
      () =>
        `<script src="${tabula.url}/sdk/tabula.js" data-client-key="${clientKey}" data-project-id="${owner.projectId}" data-unit-id="visitor-1" data-streaming="true"></script>`,
    );
    ({ tabula, browser, site, owner, admin } = scene);
    clientKey = await createClientKey(tabula.url, owner, 'development');
  });

  afterAll(() => scene?.stop());

  it('creates a boolean flag in the console; the page sees it off', async () => {
    await admin.goto(`${tabula.url}/projects/${owner.projectId}/flags`);
    await admin.getByTestId('create-flag-button').click();
    await admin.getByTestId('flag-key').fill('new-checkout');
    await admin.getByTestId('flag-name').fill('New checkout');
    await admin.getByTestId('create-flag-submit').click();
    await admin.waitForURL('**/flags/new-checkout**');

    visitor = await (await browser.newContext()).newPage();
    await visitor.goto(site.url);
    expect(await visitor.evaluate(() => (window as unknown as SdkWindow).Tabula.client.ready())).toBe(true);
    expect(await visitor.evaluate(() => (window as unknown as SdkWindow).Tabula.client.isOn('new-checkout'))).toBe(
      false,
    );
  });

  it('a rollout rule saved and switched on in the console reaches the open page within the streaming delay', async () => {
    await admin.goto(`${tabula.url}/projects/${owner.projectId}/flags/new-checkout?environment=development`);
    await admin.getByTestId('rules-development-add').click();
    await admin.getByTestId('rule-0-serve-kind').getByText('Percentage rollout').click();
    await admin.getByTestId('rule-0-serve-rollout-on').getByRole('spinbutton').fill('100');
    await admin.getByTestId('rule-0-serve-rollout-on').getByRole('spinbutton').blur();
    await expect
      .poll(() => admin.getByTestId('rule-0-serve-rollout-off').getByRole('spinbutton').inputValue())
      .toBe('0.00');
    await admin.getByTestId('rules-development-save').click();
    await admin.getByTestId('rules-development-unsaved').waitFor({ state: 'detached' });
    await admin.getByTestId('flag-switch-new-checkout-development').click();
    await admin.screenshot({ path: `${artifacts}flag-rollout-rule.png`, animations: 'disabled' });

    await visitor.waitForFunction(
      () => (window as unknown as SdkWindow).Tabula.client.isOn('new-checkout'),
      undefined,
      { timeout: STREAMING_DELAY_MS },
    );
  });

  it('stores a tracked event once, though the first answer was lost and the page sent it again', async () => {
    let lost = 0;
    let sent = 0;
    await visitor.route('**/sdk/v1/events/**', async (route) => {
      sent += 1;
      // The server receives and commits the batch; the page is told it failed, as a dropped connection would.
      const response = await route.fetch();
      if (lost === 0 && response.status() === 202) {
        lost += 1;
        return route.fulfill({ status: 503, headers: { 'retry-after': '0' }, body: '' });
      }
      return route.fulfill({ response });
    });
    await visitor.evaluate(() => (window as unknown as SdkWindow).Tabula.client.track('purchase', 42));
    await visitor.evaluate(() => (window as unknown as SdkWindow).Tabula.client.flush());
    expect(lost).toBe(1);
    await visitor.evaluate(() => (window as unknown as SdkWindow).Tabula.client.flush());
    expect(sent).toBeGreaterThanOrEqual(2);
    // Closing the page sends a beacon (flag usage evaluated since): it goes to the server directly, not through a
    // handler that would be fetching while its page goes away.
    await visitor.unrouteAll({ behavior: 'wait' });
    await visitor.close();

    await tabula.halt();
    const rows = await tabula.query<{ count: string | number; value: number }>(
      `select count(*) as count, max(value) as value from event where type = 'track' and name = 'purchase'`,
    );
    expect(Number(rows[0]?.count)).toBe(1);
    expect(rows[0]?.value).toBe(42);
  });
});
