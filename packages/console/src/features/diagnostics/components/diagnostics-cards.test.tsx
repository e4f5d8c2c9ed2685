import type { ErrorGroup, VitalSummary } from '@tabula/protocol';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { meAs } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/mock-api';
import { renderWithApp } from '../../../testing/render';
import { ErrorGroupsCard } from './error-groups-card';
import { VitalsCard } from './vitals-card';

const NOW = '2025-01-15T10:00:00.000Z';
const group = (overrides: Partial<ErrorGroup>): ErrorGroup => ({
  kind: 'error',
  message: 'TypeError: x is undefined',
  count: 12,
  users: 3,
  firstSeenAt: NOW,
  lastSeenAt: NOW,
  latest: { page: '/projects/:projectId/flags', releaseId: 'r-42', stack: 'at f (a.js:1:1)', body: null },
  ...overrides,
});

describe('diagnostics', () => {
  it('lists error groups with their counts, and the console’s own problems in the reader’s language', async () => {
    const { calls } = mockApi({
      'GET /api/v1/diagnostics/errors': {
        body: {
          groups: [
            group({}),
            group({
              kind: 'config',
              message: 'environment config abnormal, real business has failed (missing or invalid: x-env)',
              count: 1,
              users: 0,
            }),
            group({
              kind: 'api',
              message: 'POST /api/v1/projects 500',
              latest: { ...group({}).latest, stack: null, body: '<b>oops</b>' },
            }),
          ],
        },
      },
    });
    renderWithApp(<ErrorGroupsCard days={30} />, { me: meAs('admin') });

    const row = (await screen.findByText('TypeError: x is undefined')).closest('tr') as HTMLElement;
    expect(within(row).getByText('12')).toBeTruthy();
    expect(within(row).getByText('3')).toBeTruthy();
    expect(within(row).getByText('/projects/:projectId/flags')).toBeTruthy();
    expect(screen.getByText('Configuration')).toBeTruthy();
    expect(screen.getAllByText('environment config abnormal, real business has failed')).toHaveLength(1);
    expect(screen.getByText('(missing or invalid: x-env)')).toBeTruthy();
    expect(calls[0]?.search.get('days')).toBe('30');

    const apiRow = screen.getByText('POST /api/v1/projects 500').closest('tr') as HTMLElement;
    fireEvent.click(within(apiRow).getByRole('button'));
    // A response body is shown as text, never as markup.
    expect((await screen.findByText('<b>oops</b>')).tagName).toBe('PRE');
  });

  it('says when nothing was reported', async () => {
    mockApi({ 'GET /api/v1/diagnostics/errors': { body: { groups: [] } } });
    renderWithApp(<ErrorGroupsCard days={7} />, { me: meAs('admin') });
    expect(await screen.findByText('No errors reported')).toBeTruthy();
  });

  it('colours each page’s percentiles good, needs improvement or poor by the spec’s thresholds', async () => {
    const summaries: VitalSummary[] = [
      { page: '/projects', name: 'LCP', count: 40, p75: 2400, p90: 4100 },
      { page: '/projects', name: 'CLS', count: 40, p75: 0.15, p90: 0.3 },
      { page: '/audit', name: 'FCP', count: 2, p75: 1000, p90: 1900 },
    ];
    mockApi({ 'GET /api/v1/diagnostics/vitals': { body: { summaries } } });
    renderWithApp(<VitalsCard days={7} />, { me: meAs('admin') });

    const ratings = (testId: string) =>
      [...screen.getByTestId(testId).querySelectorAll('[data-rating]')].map((tag) => [
        tag.textContent,
        tag.getAttribute('data-rating'),
      ]);
    await screen.findByTestId('vital-/projects-LCP');
    expect(ratings('vital-/projects-LCP')).toEqual([
      ['p75 2.40 s', 'good'],
      ['p90 4.10 s', 'poor'],
    ]);
    expect(ratings('vital-/projects-CLS')).toEqual([
      ['p75 0.150', 'needs-improvement'],
      ['p90 0.300', 'poor'],
    ]);
    expect(ratings('vital-/audit-FCP')).toEqual([
      ['p75 1.00 s', 'good'],
      ['p90 1.90 s', 'needs-improvement'],
    ]);
    expect(screen.getByTestId('vital-/projects-LCP').textContent).toContain('Samples: 40');
  });
});
