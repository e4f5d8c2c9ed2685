import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ids, meAs } from '../../../testing/fixtures';
import { metricFixture } from '../../../testing/metric-fixture';
import { mockApi, type RecordedCall } from '../../../testing/mock-api';
import { renderWithApp } from '../../../testing/render';
import { MetricLibrary } from './metric-library';

const metricsPath = `/api/v1/projects/${ids.project}/metrics`;
const purchase = metricFixture({
  id: 'mtrPurchase23456',
  key: 'purchase',
  name: 'Purchase',
  tags: ['checkout'],
  source: { kind: 'event', event: 'purchase', filter: { property: 'plan', operator: 'eq', value: 'pro' } },
  experiments: [{ key: 'checkout-button', name: 'Checkout button', status: 'running', roles: ['primary'] }],
});
const aov = metricFixture({
  id: 'mtrAov2345678923',
  key: 'aov',
  name: 'Average order value',
  type: 'ratio',
  source: { kind: 'event', event: 'purchase', filter: null },
  ratio: { numerator: 'sum', denominator: { source: { kind: 'click', selector: '#order' }, aggregate: 'count' } },
  windowHours: null,
});

function renderLibrary(role: 'editor' | 'viewer', routes: Parameters<typeof mockApi>[0] = {}, url = '/') {
  const api = mockApi({
    [`GET ${metricsPath}`]: { body: { metrics: [purchase, aov], total: 2, nextOffset: null } },
    ...routes,
  });
  const { router } = renderWithApp(<MetricLibrary projectId={ids.project} experimentHref={(key) => `/e/${key}`} />, {
    me: meAs(role),
    url,
  });
  return { ...api, router };
}

const lastList = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'GET').at(-1)!.search;

describe('metric library', () => {
  it('lists metrics with their sources in words, read-only for viewers', async () => {
    renderLibrary('viewer');
    const row = (await screen.findByText('Purchase')).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('purchase where plan equals "pro"');
    expect(row.textContent).toContain('Experiments: 1');
    const ratio = screen.getByText('Average order value').closest('tr') as HTMLElement;
    expect(ratio.textContent).toContain('Sum of event values per unit');
    expect(ratio.textContent).toContain('÷ Click on #order');
    expect(ratio.textContent).toContain('Until the experiment ends');
    expect(screen.queryByTestId('create-metric-button')).toBeNull();
    expect(screen.queryByTestId('metric-delete-purchase')).toBeNull();

    fireEvent.click(screen.getByTestId('metric-open-purchase'));
    expect(await screen.findByText('Metric purchase')).toBeTruthy();
  });

  it('opens a planner for a metric, for viewers too', async () => {
    mockApi({ [`GET ${metricsPath}`]: { body: { metrics: [purchase, aov], total: 2, nextOffset: null } } });
    renderWithApp(
      <MetricLibrary
        projectId={ids.project}
        experimentHref={(key) => `/e/${key}`}
        planner={(metric) => <p data-testid="planner">{metric.key}</p>}
      />,
      { me: meAs('viewer') },
    );
    fireEvent.click(await screen.findByTestId('metric-plan-aov'));
    expect((await screen.findByTestId('planner')).textContent).toBe('aov');
    expect(screen.getByText('Power calculator: Average order value')).toBeTruthy();
    expect(screen.queryByTestId('metric-delete-aov')).toBeNull();
  });

  it('searches and filters on the server, a tag by clicking it', async () => {
    const { calls } = renderLibrary('viewer');
    await screen.findByText('Purchase');
    const search = screen.getByTestId('metrics-search').querySelector('input')!;
    fireEvent.change(search, { target: { value: 'order' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(lastList(calls).get('search')).toBe('order'));
    fireEvent.click(screen.getByRole('button', { name: 'Show metrics tagged checkout' }));
    await waitFor(() => expect(lastList(calls).get('tag')).toBe('checkout'));
    expect(screen.getByTestId('metrics-tag-filter').textContent).toBe('Tag: checkout');
  });

  it('keeps its search and filters in the address, so a filtered view can be shared', async () => {
    const { calls, router } = renderLibrary('viewer', {}, '/?type=ratio&status=all&offset=20');
    await screen.findByText('Purchase');
    expect(calls[0]?.search.get('type')).toBe('ratio');
    expect(calls[0]?.search.get('status')).toBe('all');
    expect(calls[0]?.search.get('offset')).toBe('20');
    fireEvent.click(screen.getByRole('button', { name: 'Show metrics tagged checkout' }));
    await waitFor(() => expect(router.state.location.search).toBe('?type=ratio&status=all&tag=checkout'));
  });

  it('archives a metric, and says which experiments keep it from being deleted', async () => {
    const { calls } = renderLibrary('editor', {
      [`POST ${metricsPath}/aov/archive`]: { body: { ...aov, archivedAt: '2025-01-16T10:00:00.000Z' } },
      [`DELETE ${metricsPath}/purchase`]: {
        status: 409,
        body: {
          error: {
            code: 'conflict',
            message: 'Metric "purchase" is used by experiments: remove it from these first',
            details: purchase.experiments,
          },
        },
      },
    });
    fireEvent.click(await screen.findByTestId('metric-archive-aov'));
    await waitFor(() => expect(calls.some((call) => call.path.endsWith('/aov/archive'))).toBe(true));

    fireEvent.click(screen.getByTestId('metric-delete-purchase'));
    fireEvent.click(await screen.findByTestId('metric-delete-confirm'));
    const blocked = await screen.findByTestId('metric-in-use');
    expect(within(blocked).getByText('purchase is still in use')).toBeTruthy();
    const link = within(blocked).getByText('Checkout button').closest('a');
    expect(link?.getAttribute('href')).toBe('/e/checkout-button');
    expect(within(blocked).getByText('Primary')).toBeTruthy();
  });
});
