import type { ExperimentAlert, ExperimentResults as Results } from '@tabula/protocol';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { meAs, project } from '../../../../testing/fixtures';
import { type MockResponse, mockApi, type RecordedCall } from '../../../../testing/mock-api';
import { renderWithApp } from '../../../../testing/render';
import { experimentFixture } from '../../fixtures';
import { healthFixture, metricResult, resultsFixture, resultsPathOf } from '../testing/results-fixtures';
import { ExperimentResults } from './experiment-results';

const experiment = experimentFixture();
const alertsPathOf = () => resultsPathOf().replace(/\/results$/, '/alerts');

function renderResults(results: Results | ((call: RecordedCall) => MockResponse), routes = {}) {
  const api = mockApi({
    [`GET ${resultsPathOf()}`]: typeof results === 'function' ? results : { body: results },
    [`GET ${alertsPathOf()}`]: { body: { alerts: [] } },
    ...routes,
  });
  const onDecide = vi.fn();
  const view = renderWithApp(<ExperimentResults projectId={project.id} experiment={experiment} onDecide={onDecide} />, {
    me: meAs('editor'),
    path: '/projects/:projectId/experiments/:experimentKey/results',
    url: `/projects/${project.id}/experiments/${experiment.key}/results`,
  });
  return { ...api, ...view, onDecide };
}

const row = (metric: string, version: string) => screen.findByTestId(`result-${metric}-${version}`);
const toneOf = async (metric: string, version: string) =>
  (await row(metric, version)).querySelector('[data-tone]')?.getAttribute('data-tone');

describe('experiment results', () => {
  it('shows a row per version with value, changes, interval and a verdict coloured by the server’s reading', async () => {
    renderResults(
      resultsFixture({
        metrics: [
          metricResult({
            lift: { estimate: 0.5, ci: [0.3, 0.7], pValue: 0.001, adjustedPValue: 0.003, verdict: 'better' },
          }),
          metricResult({
            key: 'revenue',
            name: 'Revenue',
            role: 'secondary',
            type: 'sum',
            values: [42, 42.5],
            lift: { estimate: 0.012, ci: [-0.03, 0.05], verdict: 'inconclusive' },
          }),
          metricResult({
            key: 'refunds',
            name: 'Refunds',
            role: 'guardrails',
            type: 'count',
            direction: 'lower',
            values: [0.2, 0.3],
            lift: { estimate: 0.5, ci: [0.2, 0.8], pValue: 0.0001, adjustedPValue: 0.0002, verdict: 'worse' },
            guardrailBreached: true,
          }),
          metricResult({
            key: 'returns',
            name: 'Returns',
            role: 'guardrails',
            type: 'count',
            lift: { estimate: null, ci: [null, null], pValue: null, adjustedPValue: null, verdict: 'not_enough_data' },
          }),
        ],
      }),
    );
    const green = await row('purchase', 'green');
    expect(green.textContent).toContain('15.00%');
    expect(green.textContent).toContain('+5.00 pp');
    expect(green.textContent).toContain('+50.0% [+30.0%, +70.0%]');
    expect(green.textContent).toContain('0.003');
    expect(green.getAttribute('data-verdict')).toBe('better');
    expect(await toneOf('purchase', 'green')).toBe('success');
    expect((await row('purchase', 'control')).textContent).toContain('Control');
    expect(await toneOf('revenue', 'green')).toBe('neutral');
    expect(await toneOf('refunds', 'green')).toBe('error');
    expect(await toneOf('returns', 'green')).toBe('muted');
    expect(screen.getByTestId('guardrail-breached-refunds')).toBeTruthy();
    expect(screen.queryByTestId('guardrail-breached-returns')).toBeNull();
    expect(screen.getByTestId('guardrails-breached').textContent).toContain('Refunds');
    expect(screen.getByTestId('results-primary').textContent).toContain('Purchase');
    expect(screen.getByTestId('results-guardrails').textContent).toContain('Lower is better');
  });

  it('follows the metric’s direction: a fall in a lower-is-better metric is green and read as a gain', async () => {
    renderResults(
      resultsFixture({
        metrics: [
          metricResult({
            key: 'time',
            name: 'Time to checkout',
            type: 'sum',
            direction: 'lower',
            values: [120, 108],
            lift: { estimate: -0.1, ci: [-0.14, -0.06], pValue: 0.001, adjustedPValue: 0.003, verdict: 'better' },
          }),
        ],
      }),
    );
    expect(await toneOf('time', 'green')).toBe('success');
    expect((await row('time', 'green')).textContent).toContain('-10.0% [-14.0%, -6.0%]');
    expect(screen.getByTestId('summary-sentence').textContent).toBe(
      'Green lowers Time to checkout by 10.0% (±4.0%), p = 0.003',
    );
  });

  it('shows the Bayesian risk beside the chance to beat control, under the interval level of the threshold', async () => {
    renderResults(
      resultsFixture({
        method: 'bayesian',
        metrics: [
          metricResult({
            lift: {
              estimate: 0.2,
              ci: [0.05, 0.35],
              pValue: null,
              adjustedPValue: null,
              chanceToWin: 0.97,
              risk: [0.21, 0.004],
              level: 0.9,
              verdict: 'better',
            },
          }),
        ],
      }),
    );
    const green = await row('purchase', 'green');
    expect(green.textContent).toContain('97.0%');
    expect(within(green).getByTestId('lift-risk').textContent).toBe('0.4%');
    expect(screen.getAllByText('Risk (expected loss)').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Lift and 90% interval (relative)').length).toBeGreaterThan(0);
  });

  it('marks an interval widened by the correction, and says CUPED only with the variance it removed', async () => {
    renderResults(
      resultsFixture({
        metrics: [
          metricResult({
            cuped: true,
            lift: {
              estimate: 0.1,
              ci: [-0.01, 0.21],
              pValue: 0.03,
              adjustedPValue: 0.06,
              level: 0.975,
              varianceReduction: 0.234,
            },
          }),
          metricResult({ key: 'revenue', name: 'Revenue', cuped: false }),
        ],
      }),
    );
    const interval = within(await row('purchase', 'green')).getByTestId('lift-interval');
    expect(interval.textContent).toBe('+10.0% [-1.0%, +21.0%] *');
    fireEvent.mouseEnter(interval);
    expect(await screen.findByText(/Widened to a 97.5% interval by the multiple-testing correction/)).toBeTruthy();
    expect(screen.getByTestId('cuped-applied-purchase').textContent).toBe('CUPED applied: 23.4% less variance');
    expect(screen.queryByTestId('cuped-applied-revenue')).toBeNull();
  });

  it('draws units and each treatment’s lift over time', async () => {
    const series = ['2025-01-10', '2025-01-11', '2025-01-12'].map((day, index) => ({
      day,
      units: { control: 100 * (index + 1), green: 98 * (index + 1) },
      lifts: { green: { estimate: 0.1, ci: [-0.2 / (index + 1), 0.4 / (index + 1)] as [number, number] } },
    }));
    renderResults(resultsFixture({ metrics: [metricResult({ series, lift: { verdict: 'inconclusive' } })] }));
    const lift = await screen.findByTestId('lift-chart-purchase', {}, { timeout: 5000 });
    const units = await screen.findByTestId('units-chart');
    await waitFor(() => expect(lift.querySelector('svg path')).toBeTruthy());
    expect(units.querySelector('svg')).toBeTruthy();
    expect(lift.getAttribute('aria-label')).toBe('Cumulative lift of each version over control, with its interval');
  });

  it('fails the sample ratio check with the observed split, and counts units seen in several versions', async () => {
    renderResults(
      resultsFixture({
        versions: [
          { key: 'control', name: 'Blue', weight: 5000, units: 4500, multipleExposures: 3 },
          { key: 'green', name: 'Green', weight: 5000, units: 5500, multipleExposures: 9 },
        ],
        srm: { chiSquare: 100, pValue: 1.5e-23, flagged: true },
        health: healthFixture(['sample_ratio', 'multiple_exposures']),
        multipleExposures: 12,
      }),
    );
    const panel = await screen.findByTestId('health-panel');
    expect(screen.getByTestId('health-status').textContent).toBe('Not trustworthy yet');
    const srm = screen.getByTestId('health-check-sample_ratio');
    expect(srm.dataset.passed).toBe('false');
    expect(srm.textContent).toContain('Sample ratio mismatch');
    expect(srm.textContent).toContain('(p < 0.001)');
    const split = within(srm)
      .getAllByRole('row')
      .map((line) => line.textContent);
    expect(split).toContain('Blue4,50045%50%');
    expect(split).toContain('Green5,50055%50%');
    expect(within(panel).getByTestId('health-check-multiple_exposures').textContent).toBe(
      '12 units were seen in more than one version.',
    );
    expect(screen.getByTestId('multiple-exposures').textContent).toBe(
      'Units seen in more than one version: 12 (Blue 3, Green 9). Each is counted once, in the version it saw first.',
    );
  });

  it('says so when every check passes, and notes units of 0% versions counted apart', async () => {
    renderResults(resultsFixture({ health: healthFixture([], 1) }));
    const panel = await screen.findByTestId('health-panel');
    expect(panel.dataset.healthy).toBe('true');
    expect(screen.getByTestId('health-status').textContent).toBe('All checks passed');
    expect(
      within(panel)
        .getAllByTestId(/^health-check-/)
        .map((line) => line.dataset.passed),
    ).toEqual(['true', 'true', 'true', 'true']);
    expect(screen.getByTestId('health-check-min_units').textContent).toBe('Every version has at least 100 units.');
    expect(screen.getByTestId('health-excluded').textContent).toContain('1 unit in versions planned at 0%');
    expect(screen.queryByTestId('srm-split')).toBeNull();
    expect(screen.queryByTestId('multiple-exposures')).toBeNull();
  });

  it('announces no winner while a check fails: the headline says what to do and every chip is untrusted', async () => {
    renderResults(resultsFixture({ health: healthFixture(['min_units']) }));
    const sentence = await screen.findByTestId('summary-sentence');
    expect(sentence.dataset.untrusted).toBe('true');
    expect(sentence.textContent).toBe(
      'Not trustworthy yet: too few units per version to read. Keep the experiment running until every version has at least 100.',
    );
    expect(await toneOf('purchase', 'green')).toBe('warning');
    expect((await row('purchase', 'green')).querySelector('[data-verdict]')?.textContent).toBe('Not trustworthy yet');
  });

  it('refreshes on demand and polls the progress every second until the refresh is done', async () => {
    const stages: Results[] = [
      resultsFixture({ snapshot: null }),
      resultsFixture({ snapshot: null, refreshing: { startedAt: '2025-01-14T10:00:00.000Z', progress: 0.4 } }),
      resultsFixture(),
    ];
    let stage = 0;
    const { calls } = renderResults(() => ({ body: stages[Math.min(stage, stages.length - 1)] }), {
      [`POST ${resultsPathOf()}/refresh`]: () => {
        stage = 1;
        return { status: 202, body: { startedAt: '2025-01-14T10:00:00.000Z', coversTo: '2025-01-14T10:00:00.000Z' } };
      },
    });
    expect(await screen.findByTestId('results-placeholder')).toBeTruthy();
    fireEvent.click(screen.getByTestId('results-refresh'));
    const progress = await screen.findByTestId('refresh-progress');
    expect(progress.textContent).toContain('40%');
    stage = 2;
    expect(await screen.findByTestId('results-summary', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByTestId('refresh-progress')).toBeNull();
    expect(screen.getByTestId('results-covers').textContent).toContain('Covers');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    expect(calls.filter((call) => call.method === 'GET').length).toBeGreaterThanOrEqual(3);
  });

  it('shows why a refresh was refused', async () => {
    renderResults(resultsFixture(), {
      [`POST ${resultsPathOf()}/refresh`]: {
        status: 409,
        body: { error: { code: 'conflict', message: 'The results of "checkout-button" are being refreshed already' } },
      },
    });
    fireEvent.click(await screen.findByTestId('results-refresh'));
    expect((await screen.findByTestId('server-error')).textContent).toContain('are being refreshed already');
  });

  it('asks again with the toggles as query parameters, keeping them in the address', async () => {
    const { calls, router } = renderResults(resultsFixture());
    await screen.findByTestId('results-summary');
    const last = () => calls.filter((call) => call.method === 'GET' && call.path === resultsPathOf()).at(-1)?.search;
    expect(Object.fromEntries(last() ?? [])).toEqual({ cuped: 'true', sequential: 'false', relative: 'true' });

    fireEvent.click(screen.getByTestId('toggle-absolute'));
    await waitFor(() => expect(last()?.get('relative')).toBe('false'));
    fireEvent.click(screen.getByTestId('toggle-cuped'));
    await waitFor(() => expect(last()?.get('cuped')).toBe('false'));
    fireEvent.click(screen.getByTestId('toggle-sequential'));
    await waitFor(() => expect(last()?.get('sequential')).toBe('true'));
    expect(router.state.location.search).toBe('?relative=false&cuped=false&sequential=true');
  });

  it('exports the table as CSV, escaping names with commas and quotes', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:results';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    renderResults(resultsFixture({ metrics: [metricResult({ name: 'Revenue, "net"', lift: { verdict: 'better' } })] }));
    fireEvent.click(await screen.findByTestId('results-export'));
    expect(blobs).toHaveLength(1);
    const lines = (await blobs[0]!.text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Metric,Role,Version,Units,Value,Absolute change,Relative change,Lift,Interval lower bound,Interval upper bound,Interval coverage,p-value,Adjusted p-value,Chance to beat control,Risk of choosing the version,Risk of keeping control,Verdict',
    );
    expect(lines[1]).toBe('"Revenue, ""net""",Primary metrics,Blue,2000,0.1,,,,,,,,,,,,');
    expect(lines[2]).toMatch(
      /^"Revenue, ""net""",Primary metrics,Green,2000,0.15,0\.04999\d*,0\.49999\d*,0.01,-0.02,0.04,0.95,0.5,0.5,,,,Better$/,
    );
  });

  it('lists the alerts of the current phase with their figures, and which one stopped the experiment', async () => {
    const raised = { phase: experiment.phase, raisedAt: '2025-01-12T10:00:00.000Z' };
    const alerts: ExperimentAlert[] = [
      {
        ...raised,
        id: 'aGuard2345678abc',
        kind: 'guardrail_regression',
        metric: 'purchase',
        version: 'green',
        stoppedExperiment: true,
        figures: {
          direction: 'lower',
          estimate: 0.5,
          ci: [0.2, 0.8],
          pValue: 0.0001,
          adjustedPValue: 0.0002,
          alpha: 0.05,
        },
      },
      {
        ...raised,
        id: 'aTraffic23456abc',
        kind: 'no_traffic',
        metric: null,
        version: 'green',
        stoppedExperiment: false,
        figures: { weight: 5000, units: 0, totalUnits: 1200, minTotalUnits: 100 },
      },
      {
        ...raised,
        phase: experiment.phase - 1,
        id: 'aPhase2345678abc',
        kind: 'srm',
        metric: null,
        version: null,
        stoppedExperiment: false,
        figures: { chiSquare: 40, pValue: 0, threshold: 0.001, versions: [] },
      },
    ];
    renderResults(resultsFixture(), { [`GET ${alertsPathOf()}`]: { body: { alerts } } });
    const panel = await screen.findByTestId('alerts-panel');
    const items = within(panel).getAllByTestId('experiment-alert');
    expect(items.map((item) => item.getAttribute('data-kind'))).toEqual(['guardrail_regression', 'no_traffic']);
    expect(items[0]!.textContent).toContain('Guardrail regression');
    expect(items[0]!.textContent).toContain('Stopped the experiment');
    expect(within(items[0]!).getByTestId('alert-text').textContent).toBe(
      'Purchase is worse in Green: +50.0% [+20.0%, +80.0%] against control, p < 0.001 (always-valid test).',
    );
    expect(within(items[1]!).getByTestId('alert-text').textContent).toBe(
      'Green has no units while the experiment has 1,200.',
    );
    expect(within(items[1]!).queryByTestId('alert-stopped-experiment')).toBeNull();
  });

  it('charts a bandit’s weights over its periods beside each version’s chance to be best', async () => {
    const bandit = experimentFixture({ bandit: { scheduleMinutes: 60, burnInHours: 24, minWeight: 100 } });
    mockApi({
      [`GET ${resultsPathOf()}`]: { body: resultsFixture() },
      [`GET ${alertsPathOf()}`]: { body: { alerts: [] } },
      [`GET ${resultsPathOf().replace(/\/results$/, '/bandit')}`]: {
        body: {
          phase: 1,
          periods: [
            {
              index: 0,
              startedAt: '2025-01-10T10:00:00.000Z',
              weights: { control: 5000, green: 5000 },
              probabilities: null,
            },
            {
              index: 1,
              startedAt: '2025-01-11T10:00:00.000Z',
              weights: { control: 1200, green: 8800 },
              probabilities: { control: 0.11, green: 0.89 },
            },
          ],
        },
      },
    });
    renderWithApp(<ExperimentResults projectId={project.id} experiment={bandit} onDecide={vi.fn()} />, {
      me: meAs('editor'),
      path: '/projects/:projectId/experiments/:experimentKey/results',
      url: `/projects/${project.id}/experiments/${bandit.key}/results`,
    });
    expect((await screen.findByTestId('best-green')).textContent).toContain('89%');
    expect(screen.getByTestId('best-control').textContent).toContain('11%');
    expect(await screen.findByTestId('bandit-weights-chart')).toBeTruthy();
  });

  it('shows no bandit card for a fixed-weight experiment', async () => {
    renderResults(resultsFixture());
    await row('purchase', 'green');
    expect(screen.queryByTestId('bandit')).toBeNull();
  });
});
