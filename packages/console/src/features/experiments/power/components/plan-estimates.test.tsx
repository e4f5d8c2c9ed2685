import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { meAs, project } from '../../../../testing/fixtures';
import { mockApi } from '../../../../testing/mock-api';
import { renderWithApp } from '../../../../testing/render';
import { PlanEstimates } from './plan-estimates';

const metrics = `/api/v1/projects/${project.id}/metrics`;
const history = (rate: number | null, unitsPerDay: number) => ({
  body: {
    days: 14,
    units: Math.round(unitsPerDay * 14),
    unitsPerDay,
    kind: 'rate',
    rate,
    mean: null,
    standardDeviation: null,
  },
});

describe('the wizard’s plan', () => {
  it('estimates the days each primary metric needs from its history and the share of visitors that enters', async () => {
    mockApi({
      [`GET ${metrics}`]: {
        body: {
          metrics: [
            { key: 'purchase', name: 'Purchase' },
            { key: 'signup', name: 'Sign-up' },
          ],
        },
      },
      [`GET ${metrics}/purchase/baseline`]: history(0.1, 1000),
      [`GET ${metrics}/signup/baseline`]: history(null, 0),
      [`GET ${metrics}/purchase`]: { body: { key: 'purchase', type: 'conversion' } },
    });
    renderWithApp(
      <PlanEstimates
        projectId={project.id}
        primary={['purchase', 'signup']}
        metricKeys={['purchase', 'signup']}
        versions={2}
        audience={null}
        entering={0.5}
      />,
      { me: meAs('editor') },
    );
    // 10% baseline, 5% effect, 80% power: 115,520 units; half of 1,000 visitors a day enter.
    await waitFor(() => expect(screen.getByTestId('plan-days-purchase').textContent).toBe('232 days (115,520 units)'));
    expect(screen.getByTestId('plan-estimates').textContent).toContain('No history: open the power calculator');
    fireEvent.change(screen.getByTestId('plan-mde'), { target: { value: '10' } });
    await waitFor(() => expect(screen.getByTestId('plan-days-purchase').textContent).toBe('59 days (29,498 units)'));

    fireEvent.click(screen.getByTestId('open-power-calculator'));
    expect(await screen.findByTestId('power-calculator')).toBeTruthy();
    // The calculator starts from the same history.
    await waitFor(() =>
      expect(screen.getByTestId('power-history').textContent).toBe(
        'From the last 14 days: 14,000 visitors of the site, 1,000 a day.',
      ),
    );
  });
});
