import { act, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { meAs, project } from '../../../../testing/fixtures';
import { metricFixture } from '../../../../testing/metric-fixture';
import { mockApi } from '../../../../testing/mock-api';
import { renderWithApp } from '../../../../testing/render';
import { experimentFixture } from '../../fixtures';
import { ExperimentOverview } from './experiment-overview';

describe('experiment overview', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-01-14T12:00:00.000Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('shows the day of the plan, the plan and the decision rule', () => {
    const experiment = experimentFixture({
      plannedDays: 14,
      decisionRule: { ship: 'all_primaries_win', guardrails: 'ignore' },
    });
    renderWithApp(<ExperimentOverview projectId={project.id} experiment={experiment} />, { me: meAs('viewer') });
    expect(screen.getByTestId('overview-days').textContent).toBe('Day 5 of 14');
    expect(screen.getByText('14 days')).toBeTruthy();
    expect(screen.getByTestId('decision-rule').textContent).toBe(
      'Ship only when every primary metric wins · guardrails left to judgement',
    );
    expect(screen.queryByTestId('overview-plan-ended')).toBeNull();
  });

  it('marks a running experiment past its planned days, and shows plain days without a plan', () => {
    const { unmount } = renderWithApp(
      <ExperimentOverview projectId={project.id} experiment={experimentFixture({ plannedDays: 3 })} />,
      {
        me: meAs('viewer'),
      },
    );
    expect(screen.getByTestId('overview-days').textContent).toBe('Day 5 of 3');
    expect(screen.getByTestId('overview-plan-ended').textContent).toBe('Planned end reached');
    unmount();
    renderWithApp(<ExperimentOverview projectId={project.id} experiment={experimentFixture()} />, {
      me: meAs('viewer'),
    });
    expect(screen.getByTestId('overview-days').textContent).toBe('4');
  });

  it('says why a refresh stopped it in the reader’s language, with the metric’s name', async () => {
    mockApi({
      [`GET /api/v1/projects/${project.id}/metrics`]: {
        body: { metrics: [metricFixture({ key: 'errors', name: 'Checkout errors' })], total: 1, nextOffset: null },
      },
    });
    const experiment = experimentFixture({
      status: 'stopped',
      decision: {
        outcome: 'rollback',
        version: 'control',
        note: 'Stopped automatically: Guardrail "errors" regressed',
        decidedAt: '2025-01-14T10:00:00.000Z',
        automatic: {
          alert: {
            kind: 'guardrail_regression',
            metric: 'errors',
            version: 'treatment',
            figures: {
              direction: 'lower',
              estimate: 0.12,
              ci: [0.05, 0.19],
              pValue: 0.0001,
              adjustedPValue: 0.0002,
              alpha: 0.05,
            },
          },
          moreAlerts: 2,
        },
      },
    });
    renderWithApp(<ExperimentOverview projectId={project.id} experiment={experiment} />, { me: meAs('viewer') });
    const reason = await screen.findByTestId('decision-automatic');
    await waitFor(() => expect(reason.textContent).toContain('Checkout errors'));
    expect(reason.textContent).toMatch(
      /^Stopped automatically: Checkout errors is worse in treatment: \+12(\.0)?% \[\+5(\.0)?%, \+19(\.0)?%\] against control, p < 0\.001 \(always-valid test\)\. \(and 2 more alerts\)$/,
    );
    await act(() => i18next.changeLanguage('ja'));
    expect(screen.getByTestId('decision-automatic').textContent).toMatch(
      /^自動で停止しました：treatment で Checkout errors が悪化/,
    );
    expect(screen.getByTestId('decision-automatic').textContent).not.toContain('Stopped automatically');
    await act(() => i18next.changeLanguage('en'));
  });
});
