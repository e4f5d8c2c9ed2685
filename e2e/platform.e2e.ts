import { mkdirSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumArgs, chromiumAvailable, chromiumPath } from './support/chromium';
import { type RunningServer, startServer } from './support/server';

const artifacts = new URL('./artifacts/', import.meta.url).pathname;
const ENV_META = /<meta name="x-(api-host|platform|env)[^"]*" content="[^"]*">/g;

interface ErrorGroup {
  kind: string;
  message: string;
  count: number;
}

/** A signed-in browser: the sign-up goes through the context's own request client, so the page shares its cookie. */
async function signedInPage(browser: Browser, server: RunningServer): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const signup = await page.request.post(`${server.url}/api/v1/auth/signup`, {
    data: { email: 'ada@example.com', password: 'analytical-engine', name: 'Ada', organizationName: 'Acme' },
  });
  expect(signup.status()).toBe(201);
  return { context, page };
}

async function errorGroups(page: Page, url: string): Promise<ErrorGroup[]> {
  const response = await page.request.get(`${url}/api/v1/diagnostics/errors?days=1`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { groups: ErrorGroup[] }).groups;
}

// Spec §3, §4, §7, §8: where the console runs, what it does when it is not told, and how it reports on itself.
describe.skipIf(!chromiumAvailable)('console platform', () => {
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
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
      const { context, page } = await signedInPage(browser, server);
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
        .poll(async () => (await errorGroups(page, server.url)).map((group) => `${group.kind}: ${group.message}`), {
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

    beforeAll(async () => {
      server = await startServer({
        TABULA_ENV: 'test',
        TABULA_API_HOST_SG_PROD: 'https://api-sg.example',
        TABULA_EDITIONS: '127.0.0.1=mini-games',
      });
    });
    afterAll(async () => {
      await server?.stop();
    });

    it('lets the developer tool choose the tag, resets a broken one, and measures its pages', async () => {
      const { context, page } = await signedInPage(browser, server);
      await page.goto(`${server.url}/diagnostics`);
      // The mini-games edition speaks Chinese until someone picks English.
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
      const button = page.getByTestId('devtool-button');
      await expect.poll(() => button.textContent()).toBe('gcp/test');

      await button.click();
      await page.getByTestId('devtool-tag-sg/prod').check();
      await page.screenshot({ path: `${artifacts}platform-devtool.png`, animations: 'disabled' });
      await page.getByTestId('devtool-apply').click();
      await expect.poll(() => page.getByTestId('devtool-button').textContent()).toBe('sg/prod');
      expect(await page.getByTestId('diagnostics-environment').textContent()).toContain('https://api-sg.example');

      await context.addCookies([{ name: 'tabula_env_tag', value: 'moon%2Fbase', url: server.url }]);
      await page.reload();
      await expect.poll(() => page.getByTestId('devtool-button').textContent()).toBe('gcp/test');
      const cookies = await context.cookies(server.url);
      expect(cookies.find((cookie) => cookie.name === 'tabula_env_tag')?.value).toBe('gcp%2Ftest');
      await expect
        .poll(async () => (await errorGroups(page, server.url)).map((group) => group.message), { timeout: 15_000 })
        .toContain('invalid env tag, reset to gcp/test: "moon/base"');

      // Web vitals reach the server as the pages load and are left.
      await page.goto(`${server.url}/projects`);
      await expect
        .poll(
          async () => {
            const response = await page.request.get(`${server.url}/api/v1/diagnostics/vitals?days=1`);
            return ((await response.json()) as { summaries: { name: string }[] }).summaries.map(
              (summary) => summary.name,
            );
          },
          { timeout: 15_000 },
        )
        .toContain('FCP');
      await context.close();
    });
  });
});
