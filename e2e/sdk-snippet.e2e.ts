import { mkdirSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumArgs, chromiumAvailable, chromiumPath } from './support/chromium';
import { type CustomerSite, startCustomerSite } from './support/customer-site';
import { type RunningServer, startServer } from './support/server';

const artifacts = new URL('./artifacts/', import.meta.url).pathname;

// Spec §1 and §8: the snippet copied from the console runs on a customer's page, and the console sees it arrive.
describe.skipIf(!chromiumAvailable)('SDK snippet on a customer page', () => {
  let tabula: RunningServer;
  let browser: Browser;
  let site: CustomerSite;
  let snippet = '';

  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    tabula = await startServer();
    site = await startCustomerSite(() => snippet);
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  });

  afterAll(async () => {
    await browser?.close();
    site?.server.close();
    await tabula?.stop();
  });

  it('copies the generated code into a page, which loads the SDK, and the check turns to configured', async () => {
    const admin = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    await admin.goto(tabula.url);
    await admin.getByTestId('signup-organization').fill('Acme');
    await admin.getByTestId('signup-name').fill('Ada');
    await admin.getByTestId('signup-email').fill('ada@example.com');
    await admin.getByTestId('signup-password').fill('analytical-engine');
    await admin.getByTestId('signup-submit').click();
    await admin.getByTestId('create-project-button-empty').click();
    await admin.getByTestId('create-project-name').fill('Shop');
    await admin.getByTestId('create-project-submit').click();
    await admin.getByTestId('project-home-create-key').click();
    await admin.getByTestId('create-key-button').click();
    await admin.getByTestId('create-key-name').fill('Website');
    await admin.getByTestId('create-key-submit').click();
    await admin.getByTestId('created-key-done').click();

    await admin.getByTestId('nav-integration').click();
    await admin.getByTestId('snippet-unit-id').fill('visitor-1');
    const status = admin.getByTestId('integration-status');
    await expect.poll(() => status.getAttribute('data-status')).toBe('not-configured');
    snippet = (await admin.getByTestId('snippet-code').textContent()) ?? '';
    // Without an edition for its host the console is the internal tab edition (spec §1), so the tab family's snippet.
    expect(snippet).toContain('/sdk/tabula@3.0.5.js');

    const visitor = await (await browser.newContext()).newPage();
    const pageErrors: string[] = [];
    visitor.on('pageerror', (error) => pageErrors.push(error.message));
    await visitor.goto(site.url);
    const ready = await visitor.evaluate(() =>
      (window as unknown as { Tabula: { client: { ready(): Promise<boolean> } } }).Tabula.client.ready(),
    );
    expect(ready).toBe(true);
    expect(
      await visitor.evaluate(
        () => (window as unknown as { Tabula: { client: { version: string } } }).Tabula.client.version,
      ),
    ).toBe('3.0.5');
    expect(pageErrors).toEqual([]);

    await expect.poll(() => status.getAttribute('data-status'), { timeout: 15_000 }).toBe('configured');
    expect(await status.textContent()).toContain('Integration code has been configured.');
    await admin.screenshot({ path: `${artifacts}sdk-integration-configured.png`, animations: 'disabled' });
  });
});
