import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable } from './support/chromium';
import { type CustomerScene, startCustomerScene } from './support/customer-scene';
import { confirmDialog } from './support/dialog';
import { flagsApi } from './support/flags-api';
import { createClientKey, inviteMember } from './support/owner';

const artifacts = new URL('./artifacts/', import.meta.url).pathname;
const FLAG = 'spring-sale';
/** Once approved, the change reaches open pages as any production switch does: within seconds. */
const FOLLOW_MS = 5_000;

type SdkWindow = Window & { Tabula: { client: { ready(): Promise<boolean>; isOn(key: string): boolean } } };

async function memberPage(browser: Browser, url: string, cookie: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const [name = '', value = ''] = cookie.split('=');
  await context.addCookies([{ name, value, url }]);
  return context.newPage();
}

// Issue 18: production asks for one approval. An editor's switch waits in a change request that shows on the flag
// page; its author cannot approve it; a second person approves it, it applies, and a page with the SDK follows.
describe.skipIf(!chromiumAvailable)('change requests in the console', () => {
  let scene: CustomerScene;
  let snippet = '';
  let editorPage: Page;
  let approverPage: Page;
  let visitor: Page;
  let requestUrl = '';
  let clientKey = '';

  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    scene = await startCustomerScene(() => snippet);
    const { tabula, owner, browser } = scene;
    clientKey = await createClientKey(tabula.url, owner, 'production');
    const flags = flagsApi(tabula.url, owner);
    await flags.create({ key: FLAG, name: 'Spring sale', type: 'boolean', defaultVariant: 'off' });
    await flags.setEnvironment(FLAG, 'production', {
      enabled: false,
      rules: [{ serve: { kind: 'variant', variant: 'on' } }],
    });
    const base = `${tabula.url}/api/v1/projects/${owner.projectId}`;
    const asked = await fetch(`${base}/environments/production`, {
      method: 'PATCH',
      headers: owner.headers,
      body: JSON.stringify({ requiredApprovals: 1 }),
    });
    expect(asked.status).toBe(200);

    const editor = await inviteMember(tabula.url, owner, { role: 'editor', email: 'eddie@example.com', name: 'Eddie' });
    const approver = await inviteMember(tabula.url, owner, { role: 'editor', email: 'ada@example.com', name: 'Ada' });
    const granted = await fetch(`${base}/members/${approver.userId}`, {
      method: 'PUT',
      headers: owner.headers,
      body: JSON.stringify({ role: null, protectedEnvironments: true }),
    });
    expect(granted.status).toBe(200);
    editorPage = await memberPage(browser, tabula.url, editor.headers.cookie ?? '');
    approverPage = await memberPage(browser, tabula.url, approver.headers.cookie ?? '');
  }, 120_000);

  afterAll(() => scene?.stop());

  it('lets an editor without the grant request a production switch, which waits in a draft', async () => {
    const { tabula, owner, admin, browser } = scene;
    await admin.goto(`${tabula.url}/projects/${owner.projectId}/integration`);
    await admin.getByTestId('snippet-unit-id').fill('visitor-1');
    // The snippet names the key once the page has loaded the project's keys (a placeholder until then).
    const written = async () => (await admin.getByTestId('snippet-code').textContent()) ?? '';
    await expect.poll(written).toContain('visitor-1');
    await expect.poll(written).toContain(clientKey);
    snippet = (await admin.getByTestId('snippet-code').textContent()) ?? '';
    visitor = await (await browser.newContext()).newPage();
    await visitor.goto(scene.site.url);
    // The SDK's first load gives up after its anti-flicker timeout and keeps trying: wait until it has the payload.
    await expect
      .poll(() => visitor.evaluate(() => (window as unknown as SdkWindow).Tabula.client.ready()), { timeout: 10_000 })
      .toBe(true);
    expect(await visitor.evaluate((key) => (window as unknown as SdkWindow).Tabula.client.isOn(key), FLAG)).toBe(false);
    await editorPage.goto(`${tabula.url}/projects/${owner.projectId}/flags/${FLAG}/targeting?environment=production`);
    const toggle = editorPage.getByTestId(`flag-switch-${FLAG}-production`);
    await expect.poll(() => toggle.isEnabled()).toBe(true);
    await toggle.click();
    const saved = await confirmDialog(
      editorPage,
      editorPage.getByTestId('flag-switch-confirm'),
      (request) => request.method() === 'PUT' && request.url().endsWith(`/flags/${FLAG}/environments/production`),
    );
    expect(saved.status()).toBe(202);
    await editorPage.getByTestId('diverted-open').click();
    await editorPage.getByTestId('change-request-submit').waitFor();
    requestUrl = editorPage.url();
    expect(await editorPage.getByTestId('change-request-status').textContent()).toBe('Draft');
    await editorPage.getByTestId('change-request-submit').click();
    await expect.poll(() => editorPage.getByTestId('change-request-status').textContent()).toBe('In review');
    // Four eyes: its author is offered no approval, and is told why.
    expect(await editorPage.getByTestId('change-request-approve').count()).toBe(0);
    await editorPage.getByTestId('change-request-own-hint').waitFor();
    await editorPage.screenshot({ path: `${artifacts}change-request-in-review.png`, animations: 'disabled' });

    await editorPage.goto(`${tabula.url}/projects/${owner.projectId}/flags/${FLAG}/targeting?environment=production`);
    await editorPage.getByTestId('flag-change-request-1').waitFor();
    await editorPage.screenshot({ path: `${artifacts}change-request-on-flag-page.png`, animations: 'disabled' });
    expect(await editorPage.getByTestId(`flag-switch-${FLAG}-production`).getAttribute('aria-checked')).toBe('false');
    expect(await visitor.evaluate((key) => (window as unknown as SdkWindow).Tabula.client.isOn(key), FLAG)).toBe(false);
  });

  it('applies it when a second person approves, and the page with the SDK follows', async () => {
    const { tabula, owner } = scene;
    await approverPage.goto(`${tabula.url}/projects/${owner.projectId}/change-requests`);
    await expect.poll(() => approverPage.getByTestId('change-requests-badge').textContent()).toContain('1');
    await approverPage.getByTestId('change-request-1').click();
    await approverPage.waitForURL(requestUrl);
    await approverPage.getByTestId('change-request-approve').click();
    await approverPage.getByTestId('review-comment').fill('Sale starts now');
    const approved = await confirmDialog(approverPage, approverPage.getByTestId('review-submit'), (request) =>
      request.url().endsWith('/approve'),
    );
    expect(approved.status()).toBe(200);
    await expect.poll(() => approverPage.getByTestId('change-request-status').textContent()).toBe('Applied');
    await visitor.waitForFunction((key) => (window as unknown as SdkWindow).Tabula.client.isOn(key), FLAG, {
      timeout: FOLLOW_MS,
    });
    await approverPage.screenshot({ path: `${artifacts}change-request-applied.png`, animations: 'disabled' });
  });
});
