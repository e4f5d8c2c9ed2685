import { mkdirSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumArgs, chromiumAvailable, chromiumPath, resolveToLoopback } from './support/chromium';
import { type RunningServer, startServer } from './support/server';

const artifacts = new URL('./artifacts/', import.meta.url).pathname;
const SITE = 'tabula.test';
const COOP_IGNORED = 'The Cross-Origin-Opener-Policy header has been ignored';
const ENV_META = /<meta name="x-(api-host|platform|env)[^"]*" content="[^"]*">/g;

interface ErrorGroup {
  kind: string;
  message: string;
  count: number;
}

/**
 * A signed-in browser. The sign-up is the page's own call, so the browser keeps the cookie exactly as the server set
 * it, domain included; Node's request client could not reach the mapped host names anyway.
 */
async function signedInPage(browser: Browser, origin: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${origin}/api/health`);
  const status = await page.evaluate(async () => {
    const response = await fetch('/api/v1/auth/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'ada@example.com',
        password: 'analytical-engine',
        name: 'Ada',
        organizationName: 'Acme',
      }),
    });
    return response.status;
  });
  expect(status).toBe(201);
  return { context, page };
}

/** Reads the API as the page's own user, through the server that serves the page. */
const readApi = <T>(page: Page, path: string): Promise<T> =>
  page.evaluate(async (url) => {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    return response.json();
  }, path);

const errorGroups = async (page: Page) =>
  (await readApi<{ groups: ErrorGroup[] }>(page, '/api/v1/diagnostics/errors?days=1')).groups;

// Spec §3, §4, §7, §8: where the console runs, what it does when it is not told, and how it reports on itself.
describe.skipIf(!chromiumAvailable)('console platform', () => {
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    // The test deployment's console and API hosts are sibling hosts of one site, all served by one local server.
    browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs, resolveToLoopback(SITE)] });
  });

  afterAll(async () => {
    await browser?.close();
  });

  describe('a page served without its environment configuration', () => {
    let server: RunningServer;

    beforeAll(async () => {
      server = await startServer({ TABULA_ENV: 'test' });
    });
    afterAll(async () => {
      await server?.stop();
    });

    it('runs as production on gcp, and the abnormal configuration reaches the server', async () => {
      const { context, page } = await signedInPage(browser, server.url);
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      // The page as a misconfigured proxy would pass it on: the release id kept, the environment values gone.
      await context.route(`${server.url}/**`, async (route) => {
        if (route.request().resourceType() !== 'document') return route.continue();
        const original = await route.fetch();
        const html = (await original.text()).replace(ENV_META, '');
        return route.fulfill({ response: original, body: html });
      });

      await page.goto(`${server.url}/diagnostics`);
      await expect.poll(() => page.getByTestId('diagnostics-env').textContent()).toBe('gcp/prod');
      // Production has no developer tool, although the server runs as test.
      expect(await page.getByTestId('devtool-button').count()).toBe(0);

      await expect
        .poll(async () => (await errorGroups(page)).map((group) => `${group.kind}: ${group.message}`), {
          timeout: 15_000,
        })
        .toContain(
          'config: environment config abnormal, real business has failed (missing or invalid: x-api-host, x-platform, x-env, x-api-host-test, x-api-host-prod, x-api-host-sg-prod)',
        );
      await page.getByTestId('diagnostics-window').getByText('Last 24 hours').click();
      await expect
        .poll(() => page.getByTestId('diagnostics-errors').textContent(), { timeout: 15_000 })
        .toContain('environment config abnormal, real business has failed');

      await page.keyboard.press('Alt+Shift+KeyD');
      await expect
        .poll(() => page.getByText('environment abnormal, cannot use devtool features').count())
        .toBeGreaterThan(0);
      expect(pageErrors).toEqual([]);
      await page.screenshot({ path: `${artifacts}platform-fallback.png`, fullPage: true, animations: 'disabled' });
      await context.close();
    });
  });

  describe('a test deployment', () => {
    let server: RunningServer;
    let consoleUrl: string;
    let sgApiHost: string;

    beforeAll(async () => {
      server = await startServer((port) => ({
        TABULA_ENV: 'test',
        TABULA_PUBLIC_URL: `http://console.${SITE}:${port}`,
        TABULA_API_HOST_SG_PROD: `http://api-sg.${SITE}:${port}`,
        TABULA_COOKIE_DOMAIN: SITE,
        TABULA_EDITIONS: `console.${SITE}=mini-games`,
      }));
      consoleUrl = `http://console.${SITE}:${server.port}`;
      sgApiHost = `http://api-sg.${SITE}:${server.port}`;
    });
    afterAll(async () => {
      await server?.stop();
    });

    it('lets the developer tool choose the tag, resets a broken one, and measures its pages', async () => {
      const { context, page } = await signedInPage(browser, consoleUrl);
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      await page.goto(`${consoleUrl}/diagnostics`);
      // The mini-games edition speaks Chinese until someone picks English.
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
      const button = page.getByTestId('devtool-button');
      await expect.poll(() => button.textContent()).toBe('gcp/test');

      // From here on every API call must reach the Singapore host, and none may fail (CORS, CSP, cookie, CSRF).
      const apiCalls: string[] = [];
      const failures: string[] = [];
      const consoleErrors: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/api/v1/')) apiCalls.push(`${request.method()} ${url.origin}`);
      });
      page.on('requestfailed', (request) => {
        const error = request.failure()?.errorText;
        // The console's own reports go with keepalive: when the page moves on, the browser still delivers them, but
        // tells the page its side was aborted.
        if (error === 'net::ERR_ABORTED' && new URL(request.url()).pathname.startsWith('/api/rum/')) return;
        failures.push(`${request.url()}: ${error}`);
      });
      page.on('response', (response) => {
        if (response.status() >= 400) failures.push(`${response.url()}: ${response.status()}`);
      });
      page.on('console', (message) => {
        // Chromium ignores, and says so, the Cross-Origin-Opener-Policy of a plain-http host other than localhost.
        if (message.type() === 'error' && !message.text().startsWith(COOP_IGNORED)) consoleErrors.push(message.text());
      });

      await button.click();
      await page.getByTestId('devtool-tag-sg/prod').check();
      await page.screenshot({ path: `${artifacts}platform-devtool.png`, animations: 'disabled' });
      const sgCall = page.waitForResponse((response) => response.url().startsWith(`${sgApiHost}/api/v1/`));
      await page.getByTestId('devtool-apply').click();
      expect((await sgCall).status()).toBe(200);
      await expect.poll(() => page.getByTestId('devtool-button').textContent()).toBe('sg/prod');
      expect(await page.getByTestId('diagnostics-environment').textContent()).toContain(sgApiHost);
      // Still signed in, and the page shows what the Singapore host answered.
      await page.getByTestId('diagnostics-errors').waitFor();
      expect(new URL(page.url()).pathname).toBe('/diagnostics');
      await page.screenshot({ path: `${artifacts}platform-sg-prod.png`, fullPage: true, animations: 'disabled' });

      // A write goes there too: preflighted, with the shared session cookie and its CSRF token.
      await page.goto(`${consoleUrl}/projects`);
      const created = page.waitForResponse(
        (response) => response.url() === `${sgApiHost}/api/v1/projects` && response.request().method() === 'POST',
      );
      await page.getByTestId('create-project-button-empty').click();
      await page.getByTestId('create-project-name').fill('Singapore shop');
      await page.getByTestId('create-project-submit').click();
      expect((await created).status()).toBe(201);
      // The new project opens on its home, named in the header.
      await page.getByRole('heading', { name: 'Singapore shop' }).waitFor();

      expect(apiCalls.length).toBeGreaterThan(0);
      expect(new Set(apiCalls.map((call) => call.split(' ')[1]))).toEqual(new Set([sgApiHost]));
      expect(apiCalls).toContain(`POST ${sgApiHost}`);
      expect(failures).toEqual([]);
      expect(consoleErrors).toEqual([]);
      expect(pageErrors).toEqual([]);

      await context.addCookies([{ name: 'tabula_env_tag', value: 'moon%2Fbase', url: consoleUrl }]);
      await page.goto(`${consoleUrl}/diagnostics`);
      await expect.poll(() => page.getByTestId('devtool-button').textContent()).toBe('gcp/test');
      const cookies = await context.cookies(consoleUrl);
      expect(cookies.find((cookie) => cookie.name === 'tabula_env_tag')?.value).toBe('gcp%2Ftest');
      await expect
        .poll(async () => (await errorGroups(page)).map((group) => group.message), { timeout: 15_000 })
        .toContain('invalid env tag, reset to gcp/test: "moon/base"');

      // Web vitals reach the server as the pages load and are left.
      await page.goto(`${consoleUrl}/projects`);
      await expect
        .poll(
          async () =>
            (await readApi<{ summaries: { name: string }[] }>(page, '/api/v1/diagnostics/vitals?days=1')).summaries.map(
              (summary) => summary.name,
            ),
          { timeout: 15_000 },
        )
        .toContain('FCP');
      await context.close();
    });
  });
});
