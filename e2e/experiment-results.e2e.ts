import { mkdirSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumArgs, chromiumAvailable, chromiumPath } from './support/chromium';
import { type Owner, ownerPage, signUpOwnerWithProject } from './support/owner';
import { type RunningServer, startServer } from './support/server';

const artifacts = new URL('./artifacts/', import.meta.url).pathname;
const EXPERIMENT = 'checkout-button';
/** Visitors the demo page's SDK assigns; enough for a 50% lift on a 10% rate to stand well clear of zero. */
const VISITORS = 4000;
/** The known truth: each version's purchase rate, so green's true relative lift over control is +50%. */
const RATES = { control: 0.1, green: 0.15 };
const TRUE_LIFT = RATES.green / RATES.control - 1;
/** Units posted straight to the events endpoint on top of the SDK's, split 45/55 on a 50/50 experiment. */
const INJECTED = { control: 4500, green: 5500 };
const BATCH = 500;

interface PageClient {
  ready(): Promise<boolean>;
  setAttributes(attributes: Record<string, unknown>): void;
  getExperiment(key: string): { version: string } | null;
  track(event: string, value?: number): void;
  flush(): Promise<void>;
}

/** The demo project seeded on the first sign-up, and the client key its demo page uses. */
async function demoProject(url: string, owner: Owner): Promise<{ projectId: string; clientKey: string }> {
  const get = async <T>(path: string) =>
    (await (await fetch(`${url}/api/v1${path}`, { headers: owner.headers })).json()) as T;
  const { projects } = await get<{ projects: { id: string; name: string }[] }>('/projects');
  const demo = projects.find((project) => project.name === 'Demo shop');
  if (!demo) throw new Error(`no demo project among ${projects.map((project) => project.name).join(', ')}`);
  const { keys } = await get<{ keys: { key: string; kind: string }[] }>(`/projects/${demo.id}/keys`);
  const key = keys.find((candidate) => candidate.kind === 'client');
  if (!key) throw new Error('the demo project has no client key');
  return { projectId: demo.id, clientKey: key.key };
}

/** Number values of an interval cell such as "+48.3% [+30.1%, +66.5%]", as fractions. */
const percentages = (text: string) =>
  [...text.matchAll(/([+-]?\d+(?:\.\d+)?)%/g)].map((match) => Number(match[1]) / 100);

// Issue 6: visitors of the demo page are exposed and buy at known rates through the SDK; after a refresh the
// results page shows the truth inside the interval and names the right winner; a split injected off the weights
// raises the sample ratio banner.
describe.skipIf(!chromiumAvailable)('experiment results in the console', () => {
  let tabula: RunningServer;
  let browser: Browser;
  let owner: Owner;
  let demo: { projectId: string; clientKey: string };
  let admin: Page;

  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    // Results are refreshed from the console here. The schedule's first round, a minute after start, would race the
    // placeholder the first test reads before its refresh: on a loaded machine the visitors take longer than that.
    tabula = await startServer({ TABULA_DEMO: 'true', TABULA_ANALYSIS_REFRESH_MINUTES: '0' });
    owner = await signUpOwnerWithProject(tabula.url);
    demo = await demoProject(tabula.url, owner);
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    admin = await ownerPage(browser, tabula.url, owner);
  });

  afterAll(async () => {
    await browser?.close();
    await tabula?.stop();
  });

  /** Refreshes from the console and waits until the page shows results covering a later moment. */
  const refresh = async () => {
    const covers = admin.getByTestId('results-covers');
    const before = (await covers.count()) > 0 ? await covers.getAttribute('data-covers-to') : null;
    await admin.getByTestId('results-refresh').click();
    await expect
      .poll(async () => ((await covers.count()) > 0 ? await covers.getAttribute('data-covers-to') : null), {
        timeout: 30_000,
      })
      .not.toBe(before);
  };

  it('reads the lift the demo page’s visitors produced: the interval covers the truth and green wins', async () => {
    const visitor = await (await browser.newContext()).newPage();
    const pageErrors: string[] = [];
    visitor.on('pageerror', (error) => pageErrors.push(error.message));
    await visitor.goto(`${tabula.url}/demo?key=${demo.clientKey}`);
    // One page plays every visitor: the SDK assigns each unit id, logs its exposure and tracks its purchase.
    const assigned = await visitor.evaluate(
      async ({ experiment, visitors, rates }) => {
        const client = (window as unknown as { Tabula: { client: PageClient } }).Tabula.client;
        if (!(await client.ready())) throw new Error('the SDK got no payload');
        // A seeded generator (mulberry32): the same visitors buy on every run.
        let seed = 20_250_115;
        const random = () => {
          seed = (seed + 0x6d2b79f5) | 0;
          let mixed = Math.imul(seed ^ (seed >>> 15), 1 | seed);
          mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
          return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
        };
        const counts: Record<string, number> = {};
        for (let index = 0; index < visitors; index++) {
          client.setAttributes({ id: `visitor-${index}` });
          const version = client.getExperiment(experiment)?.version;
          if (!version) throw new Error(`visitor-${index} is not in the experiment`);
          counts[version] = (counts[version] ?? 0) + 1;
          if (random() < rates[version as keyof typeof rates]) client.track('purchase', 42);
          // A flush sends one batch of at most 500 events: 200 visitors make at most 400.
          if (index % 200 === 199) await client.flush();
        }
        await client.flush();
        await client.flush();
        return counts;
      },
      { experiment: EXPERIMENT, visitors: VISITORS, rates: RATES },
    );
    expect(pageErrors).toEqual([]);
    expect(Object.keys(assigned).sort()).toEqual(['control', 'green']);
    await visitor.close();

    await admin.goto(`${tabula.url}/projects/${demo.projectId}/experiments/${EXPERIMENT}/results`);
    await admin.getByTestId('results-placeholder').waitFor();
    await refresh();

    const green = admin.getByTestId('result-purchase-green');
    expect(await green.getAttribute('data-verdict')).toBe('better');
    const [estimate, lower, upper] = percentages((await green.getByTestId('lift-interval').textContent()) ?? '');
    expect(lower).toBeLessThan(TRUE_LIFT);
    expect(upper).toBeGreaterThan(TRUE_LIFT);
    expect(lower).toBeGreaterThan(0);
    expect(estimate).toBeGreaterThan(lower!);
    const units = Number(((await admin.getByTestId('units-control').textContent()) ?? '').replace(/\D/g, ''));
    // The demo page also exposes its own visitor before playing the others.
    expect(units - assigned.control!).toBeGreaterThanOrEqual(0);
    expect(units - assigned.control!).toBeLessThanOrEqual(1);
    const summary = (await admin.getByTestId('summary-sentence').first().textContent()) ?? '';
    expect(summary).toMatch(/^Green raises Purchase by \d+\.\d% \(±\d+\.\d%\), p [=<] 0\.\d{3}$/);
    expect(await admin.getByTestId('health-panel').getAttribute('data-healthy')).toBe('true');
    expect(await admin.getByTestId('health-status').textContent()).toBe('All checks passed');
    await admin.screenshot({ path: `${artifacts}experiment-results.png`, fullPage: true, animations: 'disabled' });
  });

  it('fails the sample ratio check after units arrive split 45/55 on a 50/50 experiment', async () => {
    const at = Date.now() - 1000;
    const events = Object.entries(INJECTED).flatMap(([version, count]) =>
      Array.from({ length: count }, (_, index) => ({
        id: `srm-${version}-${index}`,
        type: 'exposure',
        at,
        unitId: `srm-${version}-${index}`,
        experiment: EXPERIMENT,
        version,
      })),
    );
    for (let start = 0; start < events.length; start += BATCH) {
      const response = await fetch(`${tabula.url}/sdk/v1/events/${demo.clientKey}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ events: events.slice(start, start + BATCH) }),
      });
      expect(response.status).toBe(202);
    }

    await refresh();
    const check = admin.locator('[data-testid="health-check-sample_ratio"][data-passed="false"]');
    await check.waitFor();
    expect(await check.textContent()).toContain('Sample ratio mismatch');
    expect(await admin.getByTestId('summary-sentence').first().getAttribute('data-untrusted')).toBe('true');
    await admin.screenshot({ path: `${artifacts}experiment-results-srm.png`, fullPage: true, animations: 'disabled' });
  });
});
