import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { environments, project } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/mock-api';
import { renderWithApp } from '../../../testing/render';
import { FlagUsageCard } from './flag-usage-card';

const path = `/api/v1/projects/${project.id}/flags/new-checkout/usage`;
const usage = (days: number, total: number) => ({
  environment: 'production',
  days,
  granularity: days > 7 ? 'day' : 'hour',
  series:
    total > 0
      ? [
          { variant: 'on', total: total - 1, points: [{ at: new Date().toISOString(), count: total - 1 }] },
          { variant: '', total: 1, points: [{ at: new Date().toISOString(), count: 1 }] },
        ]
      : [],
  total,
  lastEvaluatedAt: total > 0 ? new Date().toISOString() : null,
});

describe('flag usage card', () => {
  it('shows the totals per variant for the environment and span, and asks again when they change', async () => {
    const { calls } = mockApi({
      [`GET ${path}`]: (call) => ({
        body: usage(Number(call.search.get('days')), call.search.get('days') === '30' ? 90 : 12),
      }),
    });
    renderWithApp(
      <FlagUsageCard
        projectId={project.id}
        flagKey="new-checkout"
        environments={environments}
        environment="production"
      />,
    );
    expect(await screen.findByTestId('flag-usage-variant-on')).toHaveProperty('textContent', 'on: 11');
    expect(screen.getByTestId('flag-usage-variant-none').textContent).toBe('(no variant): 1');
    expect(screen.getByTestId('flag-usage-total').textContent).toContain('12');
    expect(Object.fromEntries(calls[0]!.search)).toEqual({ environment: 'production', days: '7' });

    fireEvent.click(screen.getByText('30 days'));
    await waitFor(() => expect(screen.getByTestId('flag-usage-variant-on').textContent).toBe('on: 89'));
    expect(Object.fromEntries(calls.at(-1)!.search)).toEqual({ environment: 'production', days: '30' });
  });

  it('says so when nothing was evaluated', async () => {
    mockApi({ [`GET ${path}`]: { body: usage(7, 0) } });
    renderWithApp(<FlagUsageCard projectId={project.id} flagKey="new-checkout" environments={environments} />);
    expect(await screen.findByText('No SDK reported evaluating this flag here in this period.')).toBeTruthy();
    expect(screen.getByText('Never')).toBeTruthy();
  });
});
