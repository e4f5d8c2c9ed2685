import { mkdirSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumArgs, chromiumAvailable, chromiumPath } from './support/chromium';
import { type RunningServer, startServer } from './support/server';

const artifacts = new URL('./artifacts/', import.meta.url).pathname;

// A new user's first visit: sign up, create a project and a client key, invite a colleague who then joins,
// and read the console in Japanese and back in English.
describe.skipIf(!chromiumAvailable)('first run in the console', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    server = await startServer();
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const shot = (page: Page, name: string) =>
    page.screenshot({ path: `${artifacts}${name}.png`, fullPage: true, animations: 'disabled' });

  it('signs up, creates a project and a key, invites a member and switches language', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));

    await page.goto(server.url);
    await page.waitForURL('**/signup');
    await page.getByTestId('signup-organization').fill('Acme');
    await page.getByTestId('signup-name').fill('Ada Lovelace');
    await page.getByTestId('signup-email').fill('ada@example.com');
    await page.getByTestId('signup-password').fill('analytical-engine');
    await shot(page, '01-signup');
    await page.getByTestId('signup-submit').click();

    await page.getByTestId('create-project-button-empty').click();
    await page.getByTestId('create-project-name').fill('Storefront');
    await page.getByTestId('create-project-submit').click();
    // A new project opens on its home: the checklist, nothing done yet, and the way to a first key.
    await page.waitForURL(/\/projects\/[^/]+$/);
    await expect.poll(() => page.getByTestId('getting-started-sdk').getAttribute('data-done')).toBe('false');
    await shot(page, '02-project');
    await page.getByTestId('project-home-create-key').click();
    await page.waitForURL('**/projects/*/settings/api-keys');

    await page.getByTestId('tab-api-keys').click();
    await page.getByTestId('create-key-button').click();
    await page.getByTestId('create-key-name').fill('Website');
    await page.getByTestId('create-key-submit').click();
    const clientKey = (await page.getByTestId('created-key-value').textContent())?.trim() ?? '';
    expect(clientKey).toMatch(/^tbc_/);
    await shot(page, '03-client-key');
    await page.getByTestId('created-key-done').click();
    await expect.poll(() => page.getByTestId('api-keys-table').textContent()).toContain('Website');

    await page.getByTestId('nav-members').click();
    await page.getByTestId('tab-invitations').click();
    await page.getByTestId('invite-member').click();
    await page.getByTestId('invite-email').fill('grace@example.com');
    await page.getByTestId('invite-submit').click();
    const link = (await page.getByTestId('invitation-link').textContent())?.trim() ?? '';
    expect(link).toMatch(new RegExp(`^${server.url}/invite/`));
    await shot(page, '04-invitation');
    await page.getByTestId('invitation-done').click();

    const colleague = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await colleague.goto(link);
    await expect.poll(() => colleague.getByTestId('invite-accept-email').inputValue()).toBe('grace@example.com');
    await colleague.getByTestId('invite-accept-name').fill('Grace Hopper');
    await colleague.getByTestId('invite-accept-password').fill('compiler-compiler');
    await shot(colleague, '05-accept-invitation');
    await colleague.getByTestId('invite-accept-submit').click();
    await colleague.getByTestId('sider').waitFor();
    await colleague.context().close();

    await page.getByTestId('tab-members').click();
    await expect.poll(() => page.getByTestId('members-table').textContent()).toContain('Grace Hopper');
    await shot(page, '06-members');

    await page.getByTestId('nav-settings').click();
    await page.getByTestId('language-select').click();
    await page.getByTestId('language-option-ja').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('ja');
    await expect.poll(() => page.getByTestId('nav-members').textContent()).toBe('メンバー');
    await shot(page, '07-japanese');

    // The choice survives a reload: it is kept in the cookie and local storage.
    await page.reload();
    await expect.poll(() => page.getByTestId('nav-members').textContent()).toBe('メンバー');

    await page.getByTestId('language-select').click();
    await page.getByTestId('language-option-en').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
    await expect.poll(() => page.getByTestId('nav-members').textContent()).toBe('Members');

    await page.getByTestId('nav-audit').click();
    const audit = page.getByTestId('audit-table');
    await expect.poll(() => audit.textContent()).toContain('API key');
    expect(await audit.textContent()).toContain('Grace Hopper');
    expect(await audit.textContent()).toContain('Website');
    await shot(page, '08-audit');

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
