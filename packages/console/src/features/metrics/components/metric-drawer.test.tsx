import type { Metric } from '@tabula/protocol';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ids, meAs } from '../../../testing/fixtures';
import { unlabelledFields } from '../../../testing/labelled-fields';
import { mockApi } from '../../../testing/mock-api';
import { renderWithApp } from '../../../testing/render';
import { MetricDrawer } from './metric-drawer';

const metricsPath = `/api/v1/projects/${ids.project}/metrics`;
const revenue: Metric = {
  id: 'mtrRevenue234567',
  key: 'revenue',
  name: 'Revenue',
  description: 'What each visitor spent',
  tags: ['checkout'],
  type: 'sum',
  source: { kind: 'event', event: 'purchase', filter: null },
  ratio: null,
  windowHours: 72,
  direction: 'higher',
  capping: { kind: 'percentile', value: 0.99 },
  cuped: { enabled: true, lookbackDays: 14 },
  experiments: [{ key: 'checkout-button', name: 'Checkout button', status: 'running', roles: ['secondary'] }],
  archivedAt: null,
  createdAt: '2025-01-15T10:00:00.000Z',
  updatedAt: '2025-01-15T10:00:00.000Z',
};

function renderDrawer(metric: Metric | null = null, role: 'editor' | 'viewer' = 'editor') {
  const onClose = vi.fn();
  renderWithApp(
    <MetricDrawer
      projectId={ids.project}
      metric={metric}
      open
      readOnly={role === 'viewer'}
      onClose={onClose}
      experimentHref={(key) => `/e/${key}`}
    />,
    { me: meAs(role) },
  );
  return { onClose };
}

const byId = (testId: string) => screen.getByTestId(testId);
const type = (testId: string, value: string) => fireEvent.change(byId(testId), { target: { value } });
const shown = (testId: string) => screen.queryByTestId(testId) !== null;
const submit = () => fireEvent.click(byId('metric-submit'));

describe('metric form', () => {
  it('asks only for what the chosen source needs', async () => {
    mockApi({});
    renderDrawer();
    expect(shown('metric-source-event')).toBe(true);
    expect(shown('metric-source-url')).toBe(false);
    expect(shown('metric-source-filter-property')).toBe(false);
    fireEvent.click(byId('metric-source-filter-on'));
    expect(await screen.findByTestId('metric-source-filter-property')).toBeTruthy();

    fireEvent.click(byId('metric-source-kind-pageview'));
    expect(await screen.findByTestId('metric-source-url')).toBeTruthy();
    expect(shown('metric-source-event')).toBe(false);
    expect(screen.getByText('Same host and path; the query, #fragment and a trailing slash are ignored.')).toBeTruthy();
    fireEvent.click(byId('metric-source-match-exact'));
    expect(await screen.findByText('The whole address must match, query and #fragment included.')).toBeTruthy();

    fireEvent.click(byId('metric-source-kind-click'));
    expect(await screen.findByTestId('metric-source-selector')).toBeTruthy();
    expect(shown('metric-source-url')).toBe(false);
  });

  it('asks only for what the chosen type needs: a denominator for ratios, capping for values', async () => {
    mockApi({});
    renderDrawer();
    // A conversion is 0 or 1 per unit: nothing to cap.
    expect(shown('metric-capping-none')).toBe(false);
    expect(shown('metric-denominator-kind-event')).toBe(false);
    fireEvent.click(byId('metric-type-count'));
    expect(await screen.findByTestId('metric-capping-none')).toBeTruthy();
    fireEvent.click(byId('metric-capping-percentile'));
    await waitFor(() => expect((byId('metric-capping-value') as HTMLInputElement).value).toBe('0.99'));

    fireEvent.click(byId('metric-type-ratio'));
    expect(await screen.findByTestId('metric-denominator-kind-event')).toBeTruthy();
    expect(shown('metric-numerator-count')).toBe(true);

    fireEvent.click(byId('metric-window-experiment'));
    await waitFor(() => expect(shown('metric-window-hours-input')).toBe(false));
    fireEvent.click(byId('metric-cuped'));
    await waitFor(() => expect(shown('metric-cuped-lookback')).toBe(false));
  });

  it('sums only tracked events: page views and clicks are not offered for a sum', async () => {
    mockApi({});
    renderDrawer();
    fireEvent.click(byId('metric-source-kind-pageview'));
    fireEvent.click(byId('metric-type-sum'));
    expect(
      await screen.findByText('Page views and clicks carry no value: summing needs a tracked event.'),
    ).toBeTruthy();
    expect((byId('metric-source-kind-click') as HTMLInputElement).disabled).toBe(true);
    type('metric-key', 'thanks');
    type('metric-name', 'Thanks');
    type('metric-source-url', 'https://shop.example/thanks');
    submit();
    expect(
      await screen.findByText('Only tracked events carry a value to sum: choose Tracked event, or count instead'),
    ).toBeTruthy();
  });

  it('says what is missing or wrong with the spec prompts', async () => {
    const { calls } = mockApi({});
    renderDrawer();
    type('metric-key', 'Not A Key');
    submit();
    expect(await screen.findByText('Please input valid key')).toBeTruthy();
    expect(screen.getByText('Please input name')).toBeTruthy();
    expect(screen.getByText('Please input event name')).toBeTruthy();

    type('metric-source-event', '$pageview');
    expect(
      await screen.findByText("Names starting with $ are the SDK's own: choose Page view or Click instead"),
    ).toBeTruthy();

    fireEvent.click(byId('metric-source-kind-pageview'));
    await screen.findByTestId('metric-source-url');
    type('metric-source-url', 'shop.example/thanks');
    expect(
      await screen.findByText('Please input valid page URL: http(s)://host/path, with * for any characters'),
    ).toBeTruthy();

    fireEvent.click(byId('metric-type-count'));
    fireEvent.click(await screen.findByTestId('metric-capping-percentile'));
    await screen.findByTestId('metric-capping-value');
    type('metric-capping-value', '1.5');
    expect(await screen.findByText('Please input valid percentile: between 0 and 1, e.g. 0.99')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('creates a ratio metric with only the fields it uses', async () => {
    const { calls } = mockApi({ [`POST ${metricsPath}`]: { status: 201, body: { ...revenue, key: 'aov' } } });
    const { onClose } = renderDrawer();
    type('metric-key', 'aov');
    type('metric-name', 'Average order value');
    fireEvent.click(byId('metric-type-ratio'));
    type('metric-source-event', 'purchase');
    fireEvent.click(await screen.findByTestId('metric-numerator-sum'));
    await screen.findByTestId('metric-denominator-event');
    type('metric-denominator-event', 'order');
    fireEvent.click(byId('metric-direction-lower'));
    submit();

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      key: 'aov',
      name: 'Average order value',
      description: '',
      tags: [],
      type: 'ratio',
      source: { kind: 'event', event: 'purchase', filter: null },
      ratio: {
        numerator: 'sum',
        denominator: { source: { kind: 'event', event: 'order', filter: null }, aggregate: 'count' },
      },
      windowHours: 72,
      direction: 'lower',
      capping: { kind: 'none' },
      cuped: { enabled: true, lookbackDays: 14 },
    });
  });

  it('edits a metric without its key, shows who uses it, and puts server problems on their fields', async () => {
    const { calls } = mockApi({
      [`PATCH ${metricsPath}/revenue`]: {
        status: 400,
        body: {
          error: {
            code: 'validation_failed',
            message: 'Please input valid event',
            details: [{ path: 'source.event', message: 'Events of this name are reserved here' }],
          },
        },
      },
    });
    renderDrawer(revenue);
    expect(shown('metric-key')).toBe(false);
    expect((byId('metric-source-event') as HTMLInputElement).value).toBe('purchase');
    const usage = byId('metric-usage');
    expect(within(usage).getByText('Checkout button').closest('a')?.getAttribute('href')).toBe('/e/checkout-button');
    expect(usage.textContent).toContain('Secondary');
    type('metric-name', 'Revenue per visitor');
    submit();

    expect(await screen.findByText('Events of this name are reserved here')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({
      name: 'Revenue per visitor',
      type: 'sum',
      capping: { kind: 'percentile', value: 0.99 },
    });
    expect(screen.queryByTestId('server-error')).toBeNull();
  });

  it('shows a viewer the definition without a way to save it', () => {
    mockApi({});
    renderDrawer(revenue, 'viewer');
    expect(screen.getByText('Metric revenue')).toBeTruthy();
    expect(shown('metric-submit')).toBe(false);
    expect((byId('metric-name') as HTMLInputElement).disabled).toBe(true);
  });
});

describe('form labels', () => {
  it('binds every label to its field', async () => {
    mockApi({});
    renderDrawer(revenue);
    await screen.findByTestId('metric-source-event');
    expect(unlabelledFields()).toEqual([]);
  });
});
