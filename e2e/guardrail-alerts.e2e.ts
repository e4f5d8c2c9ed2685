import { mkdirSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumArgs, chromiumAvailable, chromiumPath } from './support/chromium';
import { callApi, createClientKey, type Owner, ownerPage, signUpOwnerWithProject } from './support/owner';
import { type RunningServer, startServer } from './support/server';

const artifacts = new URL('./artifacts/', import.meta.url).pathname;
const EXPERIMENT = 'checkout';
const UNITS_PER_VERSION = 1000;
/** The known truth: the treatment triples the share of units that hit an error. */
const ERROR_RATES = { control: 0.05, treatment: 0.15 };
const BATCH = 500;

// Guardrails: a running experiment with auto-stop whose treatment clearly raises errors is stopped by the next
// refresh, rolled back to control, and the console shows it stopped with the alert that stopped it.
describe.skipIf(!chromiumAvailable)('guardrail auto-stop in the console', () => {
  let tabula: RunningServer;
  let browser: Browser;
  let owner: Owner;
  let admin: Page;
  /** A call as the owner; one without a body sends no content type, which would promise JSON. */
  const api = <T>(path: string, method = 'GET', body?: unknown) => {
    const { 'content-type': _json, ...headers } = owner.headers;
    return callApi<T>(tabula.url, `/api/v1/projects/${owner.projectId}${path}`, {
      method,
      headers: body === undefined ? headers : owner.headers,
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
  };

  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    tabula = await startServer();
    owner = await signUpOwnerWithProject(tabula.url);
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    admin = await ownerPage(browser, tabula.url, owner);
  });

  afterAll(async () => {
    await browser?.close();
    await tabula?.stop();
  });

  it('stops a running experiment with auto-stop on a clear guardrail regression, and shows why', async () => {
    await api('/metrics', 'POST', {
      key: 'errors',
      name: 'Errors',
      type: 'conversion',
      direction: 'lower',
      source: { kind: 'event', event: 'error' },
    });
    await api('/experiments', 'POST', {
      key: EXPERIMENT,
      name: 'Checkout',
      versions: [
        { key: 'control', name: 'Control', weight: 5000, isControl: true, params: { 'new-checkout': false } },
        { key: 'treatment', name: 'Treatment', weight: 5000, isControl: false, params: { 'new-checkout': true } },
      ],
      metrics: { guardrails: ['errors'] },
      autoStop: true,
    });
    await api('/flags', 'POST', { key: 'new-checkout', name: 'New checkout', type: 'boolean' });
    await api('/flags/new-checkout/environments/production', 'PUT', {
      enabled: true,
      rules: [{ id: 'exp', serve: { kind: 'experiment', experiment: EXPERIMENT } }],
    });
    await api(`/experiments/${EXPERIMENT}/start`, 'POST');

    const clientKey = await createClientKey(tabula.url, owner);
    const at = Date.now() + 500;
    const events = Object.entries(ERROR_RATES).flatMap(([version, rate]) =>
      Array.from({ length: UNITS_PER_VERSION }, (_, index) => {
        const unitId = `${version}-${index}`;
        const exposure = { id: `exp-${unitId}`, type: 'exposure', at, unitId, experiment: EXPERIMENT, version };
        if (index >= rate * UNITS_PER_VERSION) return [exposure];
        return [exposure, { id: `err-${unitId}`, type: 'track', at: at + 100, unitId, event: 'error' }];
      }).flat(),
    );
    for (let start = 0; start < events.length; start += BATCH) {
      const response = await fetch(`${tabula.url}/sdk/v1/events/${clientKey}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ events: events.slice(start, start + BATCH) }),
      });
      expect(response.status).toBe(202);
    }
    // A refresh covers events up to when it begins: let their clocks pass.
    await new Promise((resolve) => setTimeout(resolve, 1500));

    await admin.goto(`${tabula.url}/projects/${owner.projectId}/experiments/${EXPERIMENT}/results`);
    await admin.getByTestId('results-placeholder').waitFor();
    expect(await admin.getByTestId('experiment-status').getAttribute('data-status')).toBe('running');
    await admin.getByTestId('results-refresh').click();

    // The refresh stops the experiment; the page reads it again once the new results are in.
    await admin.locator('[data-testid="experiment-status"][data-status="stopped"]').waitFor({ timeout: 30_000 });
    expect(await admin.getByTestId('experiment-alerts-badge').textContent()).toBe('1 alert');
    const alert = admin.getByTestId('alerts-panel').getByTestId('experiment-alert');
    await alert.waitFor();
    expect(await alert.getAttribute('data-kind')).toBe('guardrail_regression');
    expect(await alert.getByTestId('alert-stopped-experiment').count()).toBe(1);
    expect(await alert.getByTestId('alert-text').textContent()).toMatch(
      /^Errors is worse in Treatment: \+\d+\.\d% \[\+\d+\.\d%, \+\d+\.\d%\] against control, p [<=] 0\.\d{3} \(always-valid test\)\.$/,
    );
    // The decision says why in the reader's words, not in the server's English note.
    expect(await admin.getByTestId('decision-automatic').textContent()).toMatch(
      /^Stopped automatically: Errors is worse in Treatment: \+\d+\.\d% /,
    );
    await admin.screenshot({ path: `${artifacts}guardrail-auto-stop.png`, fullPage: true, animations: 'disabled' });

    // Stopped with a rollback that quotes the alert, and the flag serves the control's value again.
    const experiment = await api<{ decision: { outcome: string; version: string; note: string } }>(
      `/experiments/${EXPERIMENT}`,
    );
    expect(experiment.decision).toMatchObject({ outcome: 'rollback', version: 'control' });
    expect(experiment.decision.note).toMatch(/^Stopped automatically: Guardrail "errors" regressed/);
    const flag = await api<{
      variants: { key: string; value: unknown }[];
      environments: Record<string, { rules: { serve: { kind: string; variant?: string } }[] }>;
    }>('/flags/new-checkout');
    const serve = flag.environments.production!.rules[0]!.serve;
    expect(serve.kind).toBe('variant');
    expect(flag.variants.find((variant) => variant.key === serve.variant)?.value).toBe(false);

    // The list marks it too.
    await admin.goto(`${tabula.url}/projects/${owner.projectId}/experiments`);
    const row = admin.getByTestId(`experiment-link-${EXPERIMENT}`).locator('xpath=ancestor::tr');
    expect(await row.getByTestId('experiment-alerts-badge').textContent()).toBe('1 alert');
  });
});
