import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { meAs, project } from '../../../../testing/fixtures';
import { unlabelledFields } from '../../../../testing/labelled-fields';
import { mockApi } from '../../../../testing/mock-api';
import { renderWithApp } from '../../../../testing/render';
import { experimentFixture } from '../../fixtures';
import { metricKeysOf } from '../utils/power';
import { PowerCalculator } from './power-calculator';

type Fixture = ReturnType<typeof experimentFixture>;
const calculator = (of: Fixture) => (
  <PowerCalculator
    projectId={project.id}
    metricKeys={metricKeysOf(of.metrics)}
    versions={of.versions.length}
    audience={of.page}
  />
);

const metrics = `/api/v1/projects/${project.id}/metrics`;
const experiment = experimentFixture({ metrics: { primary: ['purchase'], secondary: ['revenue'], guardrails: [] } });

const shown = (name: string) =>
  screen.getByTestId(`power-${name}`).querySelector('.ant-statistic-content')?.textContent;
const setNumber = (name: string, value: number) =>
  fireEvent.change(screen.getByTestId(`power-${name}`), { target: { value: String(value) } });

describe('power calculator', () => {
  it('gives units per version and days from the baseline, effect and traffic, by the metric’s type', async () => {
    mockApi({
      [`GET ${metrics}`]: {
        body: {
          metrics: [
            { key: 'purchase', name: 'Purchase' },
            { key: 'revenue', name: 'Revenue' },
          ],
        },
      },
      [`GET ${metrics}/purchase`]: { body: { key: 'purchase', type: 'conversion' } },
      [`GET ${metrics}/revenue`]: { body: { key: 'revenue', type: 'sum' } },
    });
    renderWithApp(calculator(experiment), { me: meAs('viewer') });
    setNumber('unitsPerDay', 1000);

    // 10% baseline, 5% relative effect, two-sided alpha 0.05, power 80%: 57,760 per version.
    await waitFor(() => expect(shown('days')).toBe('116'));
    expect(shown('per-version')).toBe('57,760');
    expect(shown('total')).toBe('115,520');

    setNumber('mde', 10);
    await waitFor(() => expect(shown('per-version')).toBe('14,749'));
    expect(shown('days')).toBe('30');

    fireEvent.mouseDown(screen.getByTestId('power-metric').querySelector('input') ?? document.body);
    fireEvent.click(await screen.findByTestId('power-metric-option-revenue'));
    // A sum metric's baseline is a mean (50) with a standard deviation (20); 5% of 50 is the effect.
    await screen.findByTestId('power-standardDeviation');
    setNumber('mde', 5);
    setNumber('unitsPerDay', 100);
    await waitFor(() => expect(shown('days')).toBe('21'));
    expect(shown('per-version')).toBe('1,005');
    expect(shown('total')).toBe('2,010');
  });

  it('starts from the metric’s last two weeks among the page’s visitors, and says so', async () => {
    const page = { url: 'https://shop.example/checkout', match: 'fuzzy' as const, openUrl: null };
    const { calls } = mockApi({
      [`GET ${metrics}/purchase`]: { body: { key: 'purchase', type: 'conversion' } },
      [`GET ${metrics}/purchase/baseline`]: {
        body: {
          days: 14,
          units: 7006,
          unitsPerDay: 500.43,
          kind: 'rate',
          rate: 0.04123,
          mean: null,
          standardDeviation: null,
        },
      },
    });
    renderWithApp(calculator({ ...experiment, page }), { me: meAs('viewer') });
    await waitFor(() =>
      expect(screen.getByTestId('power-history').textContent).toBe(
        'From the last 14 days: 7,006 visitors of the experiment’s page, 500 a day.',
      ),
    );
    await waitFor(() => expect((screen.getByTestId('power-rate') as HTMLInputElement).value).toBe('4.123'));
    expect((screen.getByTestId('power-unitsPerDay') as HTMLInputElement).value).toBe('500');
    const asked = calls.find((call) => call.path.endsWith('/baseline'))!;
    expect(Object.fromEntries(asked.search)).toEqual({ url: page.url, match: 'fuzzy' });
  });

  it('asks for the numbers when there is no history', async () => {
    mockApi({
      [`GET ${metrics}/purchase`]: { body: { key: 'purchase', type: 'conversion' } },
      [`GET ${metrics}/purchase/baseline`]: {
        body: { days: 14, units: 0, unitsPerDay: 0, kind: 'rate', rate: null, mean: null, standardDeviation: null },
      },
    });
    renderWithApp(calculator(experiment), { me: meAs('viewer') });
    await waitFor(() =>
      expect(screen.getByTestId('power-history').textContent).toBe(
        'No history in the last 14 days: type the baseline and the traffic you expect.',
      ),
    );
    expect((screen.getByTestId('power-rate') as HTMLInputElement).value).toBe('10.0');
  });

  it('says when the effect would push the rate past 100%', async () => {
    mockApi({ [`GET ${metrics}/purchase`]: { body: { key: 'purchase', type: 'conversion' } } });
    renderWithApp(calculator(experiment), { me: meAs('viewer') });
    setNumber('rate', 60);
    setNumber('mde', 100);
    expect((await screen.findByTestId('power-problem')).textContent).toContain('would leave 0–100%');
  });
});

describe('form labels', () => {
  it('binds every label to its field', async () => {
    mockApi({});
    renderWithApp(calculator(experimentFixture()), { me: meAs('viewer') });
    expect(unlabelledFields()).toEqual([]);
  });
});
