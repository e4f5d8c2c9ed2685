import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { meAs } from '../../../../testing/fixtures';
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
    renderWithApp(<ExperimentOverview experiment={experiment} />, { me: meAs('viewer') });
    expect(screen.getByTestId('overview-days').textContent).toBe('Day 5 of 14');
    expect(screen.getByText('14 days')).toBeTruthy();
    expect(screen.getByTestId('decision-rule').textContent).toBe(
      'Ship only when every primary metric wins · guardrails left to judgement',
    );
    expect(screen.queryByTestId('overview-plan-ended')).toBeNull();
  });

  it('marks a running experiment past its planned days, and shows plain days without a plan', () => {
    const { unmount } = renderWithApp(<ExperimentOverview experiment={experimentFixture({ plannedDays: 3 })} />, {
      me: meAs('viewer'),
    });
    expect(screen.getByTestId('overview-days').textContent).toBe('Day 5 of 3');
    expect(screen.getByTestId('overview-plan-ended').textContent).toBe('Planned end reached');
    unmount();
    renderWithApp(<ExperimentOverview experiment={experimentFixture()} />, { me: meAs('viewer') });
    expect(screen.getByTestId('overview-days').textContent).toBe('4');
  });
});
