import { mkdirSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumArgs, chromiumAvailable, chromiumPath } from './support/chromium';
import { type Owner, signUpOwnerWithProject } from './support/owner';
import { type RunningServer, startServer } from './support/server';
import { startTcpProxy } from './support/tcp-proxy';

const artifacts = new URL('./artifacts/', import.meta.url).pathname;
/** An everyday phone held upright, as Chromium emulates it. */
const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 3,
  locale: 'en-US',
};

/** Every route of the console's router, with the demo project's flags and experiments filling the parameters. */
function consoleRoutes(projectId: string): string[] {
  const project = `/projects/${projectId}`;
  return [
    '/projects',
    project,
    `${project}/integration`,
    `${project}/flags`,
    ...['targeting', 'test', 'history'].map((tab) => `${project}/flags/new-checkout/${tab}`),
    `${project}/flags/button-colour`,
    `${project}/segments`,
    `${project}/experiments`,
    `${project}/experiments/new`,
    `${project}/experiments/checkout-button/edit`,
    ...['overview', 'audience', 'versions', 'metrics', 'results', 'history'].map(
      (tab) => `${project}/experiments/checkout-button/${tab}`,
    ),
    `${project}/experiments/hero-headline`,
    `${project}/metrics`,
    `${project}/layers`,
    ...['general', 'statistics', 'environments', 'api-keys'].map((tab) => `${project}/settings/${tab}`),
    ...['members', 'invitations', 'security'].map((tab) => `/organization/${tab}`),
    '/audit',
    '/diagnostics',
    '/account',
    '/settings',
    '/no/such/page',
  ];
}

/** The signed-out pages; the links carry tokens that do not exist, which the pages say in their own layout. */
const SIGNED_OUT_ROUTES = ['/login', '/signup', '/invite/no-such-token', '/reset-password/no-such-token'];

/** The demo project seeded on the first sign-up. */
async function demoProjectId(url: string, owner: Owner): Promise<string> {
  const response = await fetch(`${url}/api/v1/projects`, { headers: owner.headers });
  const { projects } = (await response.json()) as { projects: { id: string; name: string }[] };
  const demo = projects.find((project) => project.name === 'Demo shop');
  if (!demo) throw new Error(`no demo project among ${projects.map((project) => project.name).join(', ')}`);
  return demo.id;
}

/** A screenshot's name: the route, with the project's random id left out so reruns overwrite it. */
const fileName = (route: string, projectId: string) =>
  route
    .replace(projectId, 'demo')
    .replace(/^\//, '')
    .replace(/[^a-z0-9]+/gi, '-');

/** How much wider than the screen the document is; 0 when nothing scrolls sideways. */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

// Issue 5: the console works on a phone: the menu is a drawer, no page scrolls sideways, a server that cannot be
// reached is said once in the user's words, and an unsaved rules draft survives a reload.
describe.skipIf(!chromiumAvailable)('the console on a phone', () => {
  let tabula: RunningServer;
  let browser: Browser;
  let owner: Owner;
  let projectId: string;
  let signedIn: BrowserContext;

  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    tabula = await startServer({ TABULA_DEMO: 'true' });
    owner = await signUpOwnerWithProject(tabula.url);
    projectId = await demoProjectId(tabula.url, owner);
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    signedIn = await browser.newContext(PHONE);
    const [name = '', value = ''] = (owner.headers.cookie ?? '').split('=');
    await signedIn.addCookies([{ name, value, url: tabula.url }]);
  });

  afterAll(async () => {
    await browser?.close();
    await tabula?.stop();
  });

  /** Opens a route, waits until its data is in, and returns how far it overflows, after saving a screenshot. */
  async function measure(page: Page, route: string): Promise<{ route: string; overflow: number }> {
    await page.goto(`${tabula.url}${route}`, { waitUntil: 'networkidle' });
    await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached', timeout: 10_000 });
    await page.screenshot({
      path: `${artifacts}phone-${fileName(route, projectId)}.png`,
      fullPage: true,
      animations: 'disabled',
    });
    return { route, overflow: await overflow(page) };
  }

  it('opens every page no wider than the screen', async () => {
    const page = await signedIn.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const results = [];
    for (const route of consoleRoutes(projectId)) results.push(await measure(page, route));
    const visitor = await (await browser.newContext(PHONE)).newPage();
    for (const route of SIGNED_OUT_ROUTES) results.push(await measure(visitor, route));

    expect(results.filter((result) => result.overflow > 0)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.clientWidth)).toBe(390);
    expect(pageErrors).toEqual([]);
    await page.close();
    await visitor.context().close();
  });

  it('keeps the menu in a drawer that opens from the header and navigates', async () => {
    const page = await signedIn.newPage();
    await page.goto(`${tabula.url}/projects/${projectId}/flags`, { waitUntil: 'networkidle' });
    expect(await page.getByTestId('sider').count()).toBe(0);
    await page.getByTestId('nav-open').click();
    await page.getByTestId('nav-experiments').waitFor();
    await page.screenshot({ path: `${artifacts}phone-drawer.png`, animations: 'disabled' });
    await page.getByTestId('nav-experiments').click();
    await page.waitForURL(`**/projects/${projectId}/experiments`);
    await page.getByTestId('nav-experiments').waitFor({ state: 'hidden' });
    await page.close();
  });

  it('says once, in words, that the server cannot be reached, and stops when it answers again', async () => {
    // The console is opened through a proxy that is then cut: its requests meet a refused connection, as when the
    // server is stopped. The session cookie belongs to the host, so it holds on the proxy's port too.
    const proxy = await startTcpProxy(tabula.port);
    const page = await signedIn.newPage();
    // Segments once first: the page's code is then loaded, as in a console that has been in use.
    await page.goto(`${proxy.url}/projects/${projectId}/segments`, { waitUntil: 'networkidle' });
    await page.getByTestId('nav-open').click();
    await page.getByTestId('nav-flags').click();
    await page.waitForURL(`**/projects/${projectId}/flags`);
    await proxy.cut();
    await page.getByTestId('nav-open').click();
    await page.getByTestId('nav-segments').click();
    const banner = page.getByTestId('server-unreachable');
    await banner.waitFor();
    expect(await banner.count()).toBe(1);
    expect(await banner.textContent()).toContain('Cannot reach the server');
    await page.screenshot({ path: `${artifacts}phone-server-unreachable.png`, fullPage: true, animations: 'disabled' });
    expect(await page.locator('body').textContent()).not.toContain('Failed to fetch');
    // A page whose code was never loaded cannot come either: it says why, not that it crashed.
    await page.getByTestId('nav-open').click();
    await page.getByTestId('nav-layers').click();
    await page.getByTestId('page-code-unreachable').waitFor();
    expect(await banner.count()).toBe(1);

    await proxy.restore();
    await banner.waitFor({ state: 'detached', timeout: 15_000 });
    // Back with the server, the page that could not load loads.
    await page.getByRole('heading', { name: 'Layers' }).waitFor();
    expect(await page.getByTestId('page-code-unreachable').count()).toBe(0);
    await page.close();
    await proxy.close();
  });

  it('brings an unsaved rules draft back after a reload', async () => {
    const page = await signedIn.newPage();
    await page.goto(`${tabula.url}/projects/${projectId}/flags/new-checkout/targeting`, { waitUntil: 'networkidle' });
    await page.getByTestId('environment-tab-development').click();
    const rules = page.getByTestId('rules-development');
    const before = await rules.locator('[data-testid^="rule-"][data-testid$="-remove"]').count();
    await page.getByTestId('rules-development-add').click();
    await page.getByTestId('rules-development-unsaved').waitFor();

    await page.reload({ waitUntil: 'networkidle' });
    await page.getByTestId('environment-tab-development').click();
    await page.getByTestId('rules-development-restored').waitFor();
    expect(await rules.locator('[data-testid^="rule-"][data-testid$="-remove"]').count()).toBe(before + 1);
    await page.screenshot({ path: `${artifacts}phone-rules-restored.png`, fullPage: true, animations: 'disabled' });
    await page.getByTestId('rules-development-restored-discard').click();
    await page.getByTestId('rules-development-restored').waitFor({ state: 'detached' });
    expect(await rules.locator('[data-testid^="rule-"][data-testid$="-remove"]').count()).toBe(before);
    await page.close();
  });
});
