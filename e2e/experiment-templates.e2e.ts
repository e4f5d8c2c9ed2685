import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumArgs, chromiumAvailable, chromiumPath } from './support/chromium';
import { callApi, type Owner, signUpOwnerWithProject } from './support/owner';
import { type RunningServer, startServer } from './support/server';

// Experiment templates: an experiment's setup saved as a template, and a new experiment started from it.
describe.skipIf(!chromiumAvailable)('experiment templates', () => {
  let tabula: RunningServer;
  let browser: Browser;
  let owner: Owner;

  const api = (path: string, init: RequestInit = {}) =>
    callApi<Record<string, unknown>>(tabula.url, `/api/v1/projects/${owner.projectId}${path}`, {
      headers: owner.headers,
      ...init,
    });

  beforeAll(async () => {
    tabula = await startServer();
    owner = await signUpOwnerWithProject(tabula.url);
    await api('/metrics', {
      method: 'POST',
      body: JSON.stringify({
        key: 'purchased',
        name: 'Purchased',
        type: 'conversion',
        source: { kind: 'event', event: 'purchase' },
      }),
    });
    await api('/experiments', {
      method: 'POST',
      body: JSON.stringify({
        key: 'checkout-flow',
        name: 'Checkout flow',
        traffic: 4000,
        versions: [
          { key: 'control', name: 'Control', weight: 5000, isControl: true },
          { key: 'one-page', name: 'One page', weight: 5000 },
        ],
        metrics: { primary: ['purchased'] },
        plannedDays: 14,
        decisionRule: { ship: 'all_primaries_win', guardrails: 'none_regress' },
      }),
    });
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  });

  afterAll(async () => {
    await browser?.close();
    await tabula?.stop();
  });

  it('saves a template from an experiment and starts a new experiment filled from it', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
    const [name = '', value = ''] = (owner.headers.cookie ?? '').split('=');
    await context.addCookies([{ name, value, url: tabula.url }]);
    const page = await context.newPage();

    await page.goto(`${tabula.url}/projects/${owner.projectId}/experiments/checkout-flow`);
    await page.getByTestId('save-as-template').click();
    await page.getByTestId('template-name').fill('Checkout test');
    await page.getByTestId('template-key').fill('checkout-test');
    await page.getByTestId('template-submit').click();
    await page.getByText('Template "Checkout test" saved').waitFor();

    await page.goto(`${tabula.url}/projects/${owner.projectId}/experiment-templates`);
    // Renamed on its page: the key stays, so links to it still work.
    await page.getByTestId('edit-template-checkout-test').click();
    await page.getByTestId('template-name').fill('Checkout, two weeks');
    await page.getByTestId('template-submit').click();
    await page.getByText('Template "Checkout, two weeks" saved').waitFor();
    await page.getByTestId('template-list').getByText('Checkout, two weeks').waitFor();
    await page.getByTestId('use-template-checkout-test').click();
    await page.getByTestId('template-applied').waitFor();
    await page.getByTestId('wizard-name').fill('Checkout again');
    for (let step = 0; step < 3; step++) await page.getByTestId('wizard-next').click();
    expect(await page.getByTestId('wizard-planned-days').inputValue()).toBe('14');
    expect(await page.getByTestId('wizard-metrics-primary').textContent()).toContain('Purchased');
    await page.getByTestId('wizard-save').click();
    await page.waitForURL(/\/experiments\/checkout-again$/);

    const created = await api('/experiments/checkout-again');
    expect(created).toMatchObject({
      traffic: 4000,
      versions: [
        { key: 'control', name: 'Control', weight: 5000 },
        { key: 'one-page', name: 'One page', weight: 5000 },
      ],
      metrics: { primary: ['purchased'] },
      plannedDays: 14,
      decisionRule: { ship: 'all_primaries_win', guardrails: 'none_regress' },
    });
    await context.close();
  });
});
