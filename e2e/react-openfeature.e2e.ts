import { mkdirSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReactFlagsWindow } from './fixtures/react-flags-page';
import { type BundledPage, serveBundledPage } from './support/bundled-page';
import { chromiumArgs, chromiumAvailable, chromiumPath } from './support/chromium';
import { type FlagsApi, flagsApi } from './support/flags-api';
import { createClientKey, signUpOwnerWithProject } from './support/owner';
import { type RunningServer, startServer } from './support/server';

const artifacts = new URL('./artifacts/', import.meta.url).pathname;
/** The client streams changes as they are saved; this leaves room for a loaded machine, as live-updates does. */
const RERENDER_MS = 3_000;
/** The flag keys the page reads. */
const BANNER = 'spring-banner';
const BANNER_TEXT = 'banner-text';

type PageWindow = Window & ReactFlagsWindow & { notReloaded?: boolean };

// A React application on a site of its own, reading flags with OpenFeature's React SDK over Tabula's web provider,
// follows changes saved through Tabula's REST API (the console's API) without a reload.
describe.skipIf(!chromiumAvailable)('OpenFeature React SDK with Tabula’s web provider', () => {
  let tabula: RunningServer;
  let site: BundledPage;
  let browser: Browser;
  let page: Page;
  let flags: FlagsApi;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    tabula = await startServer();
    const owner = await signUpOwnerWithProject(tabula.url);
    const clientKey = await createClientKey(tabula.url, owner, 'production');
    flags = flagsApi(tabula.url, owner);
    await flags.create({ key: BANNER, name: 'Spring banner', type: 'boolean' });
    await flags.setEnvironment(BANNER, 'production', { enabled: true, rules: [] });
    await flags.create({
      key: BANNER_TEXT,
      name: 'Banner text',
      type: 'string',
      variants: [
        { key: 'spring', value: 'Spring sale' },
        { key: 'half', value: 'Half price, today only' },
      ],
    });
    await flags.setEnvironment(BANNER_TEXT, 'production', { enabled: true, rules: [] });

    site = await serveBundledPage('react-flags-page.ts', 'Shop');
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    page = await (await browser.newContext({ viewport: { width: 800, height: 400 } })).newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const query = new URLSearchParams({ api: tabula.url, key: clientKey, project: owner.projectId });
    await page.goto(`${site.url}?${query}`);
    expect(new URL(site.url).origin).not.toBe(new URL(tabula.url).origin);
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await tabula?.stop();
  });

  it('suspends until the provider is ready, then renders the flags', async () => {
    await page.getByTestId('banner-text').waitFor();
    expect(await page.getByTestId('banner-text').textContent()).toBe('Spring sale');
    expect(await page.getByTestId('banner-text').getAttribute('data-reason')).toBe('STATIC');
    const rendered = await page.evaluate(() => {
      const { loadingShown, bannerRenders } = window as unknown as PageWindow;
      return { loadingShown, bannerRenders };
    });
    // The fallback stood in while the provider was not ready; the banner never rendered the hooks' defaults.
    expect(rendered.loadingShown).toBe(true);
    expect(rendered.bannerRenders).not.toContain(false);
    await page.evaluate(() => {
      (window as unknown as PageWindow).notReloaded = true;
    });
  });

  it('re-renders with a rule saved through the REST API within seconds, without a reload', async () => {
    const rendersBefore = await page.evaluate(() => (window as unknown as PageWindow).bannerRenders.length);
    await flags.setEnvironment(BANNER_TEXT, 'production', {
      rules: [{ serve: { kind: 'variant', variant: 'half' } }],
    });
    await page.waitForFunction(
      () =>
        (window as unknown as PageWindow).notReloaded === true &&
        document.querySelector('[data-testid="banner-text"]')?.textContent === 'Half price, today only',
      undefined,
      { timeout: RERENDER_MS },
    );
    expect(await page.getByTestId('banner-text').getAttribute('data-reason')).toBe('TARGETING_MATCH');
    expect(await page.evaluate(() => (window as unknown as PageWindow).bannerRenders.length)).toBeGreaterThan(
      rendersBefore,
    );
    await page.screenshot({ path: `${artifacts}react-openfeature.png`, animations: 'disabled' });
  });

  it('re-renders when the flag is switched off through the REST API, without a reload', async () => {
    await flags.setEnvironment(BANNER, 'production', { enabled: false });
    await page.waitForFunction(
      () =>
        (window as unknown as PageWindow).notReloaded === true &&
        document.querySelector('[data-testid="banner"]')?.getAttribute('data-shown') === 'false',
      undefined,
      { timeout: RERENDER_MS },
    );
    expect(await page.getByTestId('banner').textContent()).toBe('No banner today');
    expect(pageErrors).toEqual([]);
  });
});
