import { bucket } from '@tabula/sdk';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlagKind, OfrepPage } from './fixtures/ofrep-web-page';
import { type BundledPage, serveBundledPage } from './support/bundled-page';
import { chromiumArgs, chromiumAvailable, chromiumPath } from './support/chromium';
import { type FlagsApi, flagsApi } from './support/flags-api';
import { createClientKey, signUpOwnerWithProject } from './support/owner';
import { type RunningServer, startServer } from './support/server';

/** The provider polls this often; OFREP's web providers poll only when asked to. */
const POLL_INTERVAL_MS = 500;
/** Ten polls: a change is the server's to deliver within one, the rest is room for a loaded machine. */
const POLLED_CHANGE_MS = 5_000;
const BULK_PATH = '/ofrep/v1/evaluate/flags';

/** Page functions are serialised into the page, so each one reaches the page's handle itself. */
type PageWindow = Window & { ofrepPage: OfrepPage };

// The official OFREP web provider, unchanged, in Chromium on a site of its own, reading a running Tabula: what a team
// using OpenFeature in the browser would configure instead of Tabula's SDK.
describe.skipIf(!chromiumAvailable)('the official OFREP web provider in Chromium', () => {
  let tabula: RunningServer;
  let site: BundledPage;
  let browser: Browser;
  let page: Page;
  let flags: FlagsApi;
  let clientKey = '';
  const bulkStatuses: number[] = [];
  const details = (kind: FlagKind, key: string, defaultValue: unknown) =>
    page.evaluate(
      ([kind, key, value]) =>
        (window as unknown as PageWindow).ofrepPage.details(kind, key, value as Parameters<OfrepPage['details']>[2]),
      [kind, key, defaultValue] as const,
    );

  beforeAll(async () => {
    tabula = await startServer();
    const owner = await signUpOwnerWithProject(tabula.url);
    clientKey = await createClientKey(tabula.url, owner, 'production');
    flags = flagsApi(tabula.url, owner);
    await flags.create({ key: 'checkout', name: 'Checkout', type: 'boolean', defaultVariant: 'off' });
    await flags.setEnvironment('checkout', 'production', {
      enabled: true,
      rules: [
        {
          id: 'pros',
          conditions: [{ attribute: 'plan', operator: 'eq', values: ['pro'] }],
          serve: { kind: 'variant', variant: 'on' },
        },
      ],
    });
    await flags.create({
      key: 'headline',
      name: 'Headline',
      type: 'string',
      variants: [
        { key: 'plain', value: 'Spring sale' },
        { key: 'loud', value: 'Half price, today only' },
      ],
    });
    await flags.setEnvironment('headline', 'production', { enabled: true, rules: [] });
    await flags.create({
      key: 'page-size',
      name: 'Page size',
      type: 'number',
      variants: [
        { key: 'ten', value: 10 },
        { key: 'twenty', value: 20 },
      ],
    });
    await flags.setEnvironment('page-size', 'production', {
      enabled: true,
      rules: [
        {
          id: 'half',
          serve: {
            kind: 'rollout',
            weights: [
              { variant: 'ten', weight: 5_000 },
              { variant: 'twenty', weight: 5_000 },
            ],
          },
        },
      ],
    });
    await flags.create({
      key: 'theme',
      name: 'Theme',
      type: 'json',
      variants: [
        { key: 'light', value: { mode: 'light', accent: '#0a7d5a' } },
        { key: 'dark', value: { mode: 'dark', accent: '#7de0b8' } },
      ],
      defaultVariant: 'dark',
      offVariant: 'light',
    });
    await flags.setEnvironment('theme', 'production', { enabled: false });

    site = await serveBundledPage('ofrep-web-page.ts', 'OFREP web provider');
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    page = await (await browser.newContext()).newPage();
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === BULK_PATH) bulkStatuses.push(response.status());
    });
    const query = new URLSearchParams({ api: tabula.url, key: clientKey, poll: String(POLL_INTERVAL_MS) });
    await page.goto(`${site.url}?${query}`);
    expect(new URL(site.url).origin).not.toBe(new URL(tabula.url).origin);
    await page.evaluate(() => (window as unknown as PageWindow).ofrepPage.ready);
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await tabula?.stop();
  });

  it('evaluates every flag type for an anonymous visitor, with Tabula’s reasons and OpenFeature’s errors', async () => {
    // On, with a rule the visitor does not match.
    expect(await details('boolean', 'checkout', true)).toMatchObject({
      value: false,
      variant: 'off',
      reason: 'DEFAULT',
    });
    // On, without rules.
    expect(await details('string', 'headline', 'none')).toMatchObject({
      value: 'Spring sale',
      variant: 'plain',
      reason: 'STATIC',
    });
    // Off in this environment: its off variant.
    expect(await details('object', 'theme', {})).toMatchObject({
      value: { mode: 'light', accent: '#0a7d5a' },
      variant: 'light',
      reason: 'DISABLED',
    });
    // A percentage split needs a unit: the bulk answer carries the flag's error, the caller gets the default.
    expect(await details('number', 'page-size', 0)).toMatchObject({
      value: 0,
      reason: 'ERROR',
      errorCode: 'TARGETING_KEY_MISSING',
    });
    expect(await details('boolean', 'no-such-flag', true)).toMatchObject({
      value: true,
      reason: 'ERROR',
      errorCode: 'FLAG_NOT_FOUND',
    });
    expect(await details('number', 'headline', 7)).toMatchObject({
      value: 7,
      reason: 'ERROR',
      errorCode: 'TYPE_MISMATCH',
    });
  });

  it('evaluates again for a new context (OpenFeature.setContext): the rule matches, the split serves the unit', async () => {
    const refetched = page.waitForRequest(
      (request) => new URL(request.url()).pathname === BULK_PATH && (request.postData() ?? '').includes('"plan":"pro"'),
    );
    await page.evaluate(() =>
      (window as unknown as PageWindow).ofrepPage.setContext({ targetingKey: 'visitor-1', plan: 'pro' }),
    );
    expect(JSON.parse((await refetched).postData() ?? '{}')).toEqual({
      context: { targetingKey: 'visitor-1', plan: 'pro' },
    });
    expect(await details('boolean', 'checkout', false)).toMatchObject({
      value: true,
      variant: 'on',
      reason: 'TARGETING_MATCH',
      flagMetadata: { ruleId: 'pros' },
    });
    // The unit's bucket for the rule's split, as ARCHITECTURE §5 defines it and every SDK computes it.
    const half = bucket('page-size.half', 'visitor-1') < 5_000;
    expect(await details('number', 'page-size', 0)).toMatchObject({
      value: half ? 10 : 20,
      variant: half ? 'ten' : 'twenty',
      reason: 'SPLIT',
      flagMetadata: { ruleId: 'half' },
    });
    expect((await details('number', 'page-size', 0)).errorCode).toBeUndefined();
  });

  it('a change made through the API reaches the open page within a few seconds, without a reload', async () => {
    // The provider polls, and listens to the event stream its bulk answer names: whichever tells it first.
    expect(bulkStatuses).not.toContain(400);
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    const changesBefore = await page.evaluate(() => (window as unknown as PageWindow).ofrepPage.changes.length);

    await flags.setEnvironment('checkout', 'production', { enabled: false });
    await page.waitForFunction(
      () => {
        const page = window as unknown as PageWindow & { notReloaded?: boolean };
        return page.notReloaded === true && page.ofrepPage.details('boolean', 'checkout', true).reason === 'DISABLED';
      },
      undefined,
      { timeout: POLLED_CHANGE_MS },
    );
    expect(await details('boolean', 'checkout', true)).toMatchObject({ value: false, variant: 'off' });
    const changes = await page.evaluate(() => (window as unknown as PageWindow).ofrepPage.changes);
    expect(changes.slice(changesBefore)).toContainEqual(['checkout']);
  });

  it('follows a change through the event stream its bulk answer names, with polling off', async () => {
    const streamed = await (await browser.newContext()).newPage();
    const streams: string[] = [];
    streamed.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/ofrep/v1/events/')) streams.push(request.url());
    });
    const query = new URLSearchParams({ api: tabula.url, key: clientKey, poll: '0' });
    await streamed.goto(`${site.url}?${query}`);
    await streamed.evaluate(() => (window as unknown as PageWindow).ofrepPage.ready);
    await expect.poll(() => streams.length).toBeGreaterThan(0);
    expect(streams[0]).toBe(`${tabula.url}/ofrep/v1/events/${clientKey}`);
    const before = await streamed.evaluate(
      () => (window as unknown as PageWindow).ofrepPage.details('boolean', 'checkout', true).reason,
    );

    await flags.setEnvironment('checkout', 'production', { enabled: before === 'DISABLED' });
    await streamed.waitForFunction(
      (was) => (window as unknown as PageWindow).ofrepPage.details('boolean', 'checkout', true).reason !== was,
      before,
      { timeout: POLLED_CHANGE_MS },
    );
    await streamed.close();
  });
});
