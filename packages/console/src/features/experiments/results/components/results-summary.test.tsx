import type { Experiment, ExperimentResults } from '@tabula/protocol';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { meAs, project } from '../../../../testing/fixtures';
import { renderWithApp } from '../../../../testing/render';
import { experimentFixture } from '../../fixtures';
import { useResultsFormat } from '../hooks/use-results-format';
import { liftOf, metricResult, resultsFixture } from '../testing/results-fixtures';
import { ResultsSummary } from './results-summary';

function Summary(props: { results: ExperimentResults; experiment?: Experiment; onDecide?: () => void }) {
  const format = useResultsFormat();
  return (
    <ResultsSummary
      projectId={project.id}
      experiment={props.experiment ?? experimentFixture()}
      format={format}
      {...props}
    />
  );
}

const sentences = (results: ExperimentResults) => {
  renderWithApp(<Summary results={results} />, { me: meAs('viewer') });
  return screen.getAllByTestId('summary-sentence').map((line) => line.textContent);
};

describe('results summary', () => {
  it('names the winner with its lift, margin and chance to beat control (Bayesian)', () => {
    const results = resultsFixture({
      method: 'bayesian',
      metrics: [
        metricResult({
          name: 'checkout conversion',
          lift: { estimate: 0.041, ci: [0.029, 0.053], pValue: null, chanceToWin: 0.996, verdict: 'better' },
        }),
      ],
    });
    expect(sentences(results)).toEqual([
      'Green raises checkout conversion by 4.1% (±1.2%), 99.6% chance to beat control',
    ]);
  });

  it('gives the risk of choosing the winner beside its chance, and the threshold the verdict follows', () => {
    const results = resultsFixture({
      method: 'bayesian',
      decisionThreshold: 0.9,
      metrics: [
        metricResult({
          lift: {
            estimate: 0.041,
            ci: [0.01, 0.072],
            pValue: null,
            chanceToWin: 0.93,
            risk: [0.042, 0.0012],
            verdict: 'better',
          },
        }),
      ],
    });
    expect(sentences(results)).toEqual([
      'Green raises Purchase by 4.1% (±3.1%), 93.0% chance to beat control, risk 0.1%',
    ]);
    expect(screen.getByText(/once its chance reaches 90%; the 80% credible intervals/)).toBeTruthy();
  });

  it('explains sequential intervals as always valid', () => {
    renderWithApp(
      <Summary results={resultsFixture({ options: { cuped: true, sequential: true, relative: true } })} />,
      {
        me: meAs('viewer'),
      },
    );
    expect(screen.getByText(/95% always-valid \(sequential\) confidence intervals/)).toBeTruthy();
  });

  it('gives the corrected p-value (frequentist) and reads absolute lifts of a rate in points', () => {
    const results = resultsFixture({
      options: { cuped: true, sequential: false, relative: false },
      metrics: [
        metricResult({
          lift: { estimate: 0.012, ci: [0.004, 0.02], pValue: 0.001, adjustedPValue: 0.003, verdict: 'better' },
        }),
      ],
    });
    expect(sentences(results)).toEqual(['Green raises Purchase by 1.20 pp (±0.80 pp), p = 0.003']);
  });

  it('says when no version differs clearly from control', () => {
    expect(sentences(resultsFixture({ metrics: [metricResult({ lift: { verdict: 'inconclusive' } })] }))).toEqual([
      'No version differs clearly from control yet.',
    ]);
  });

  it('says when there is too little data to compare', () => {
    const results = resultsFixture({
      metrics: [metricResult({ lift: { estimate: null, verdict: 'not_enough_data' } })],
    });
    expect(sentences(results)).toEqual(['Not enough data yet to compare the versions with control.']);
  });

  it('lists every clearly different version, winners first', () => {
    const results = resultsFixture({
      versions: [
        { key: 'control', name: 'Blue', weight: 3334, units: 100, multipleExposures: 0 },
        { key: 'green', name: 'Green', weight: 3333, units: 100, multipleExposures: 0 },
        { key: 'red', name: 'Red', weight: 3333, units: 100, multipleExposures: 0 },
      ],
      metrics: [
        {
          ...metricResult({}),
          versions: [
            { version: 'control', units: 100, value: 0.1, lift: null },
            ...(['red', 'green'] as const).map((version) => ({
              version,
              units: 100,
              value: 0.1,
              lift: liftOf({
                estimate: version === 'green' ? 0.2 : -0.3,
                ci: [version === 'green' ? 0.1 : -0.4, version === 'green' ? 0.3 : -0.2],
                pValue: 0.001,
                adjustedPValue: 0.002,
                verdict: version === 'green' ? 'better' : 'worse',
              }),
            })),
          ],
        },
      ],
    });
    expect(sentences(results)).toEqual([
      'Green raises Purchase by 20.0% (±10.0%), p = 0.002',
      'Red lowers Purchase by 30.0% (±10.0%), p = 0.002',
    ]);
  });

  it('offers the stop decision while none is taken, and shows the decision once it is', () => {
    const onDecide = vi.fn();
    const { unmount } = renderWithApp(<Summary results={resultsFixture()} onDecide={onDecide} />, {
      me: meAs('editor'),
    });
    fireEvent.click(screen.getByTestId('results-decide'));
    expect(onDecide).toHaveBeenCalledOnce();
    unmount();

    const decided = experimentFixture({
      status: 'stopped',
      decision: { outcome: 'ship', version: 'green', note: '', decidedAt: '2025-01-15T10:00:00.000Z' },
    });
    renderWithApp(<Summary results={resultsFixture()} experiment={decided} onDecide={onDecide} />, {
      me: meAs('editor'),
    });
    expect(screen.getByTestId('experiment-decision').textContent).toContain('Green');
    expect(screen.queryByTestId('results-decide')).toBeNull();
  });

  it('says what the decision rule recommends beside the decision, and nothing without a rule', () => {
    const rule = { ship: 'any_primary_wins', guardrails: 'none_regress' } as const;
    const breached = metricResult({
      key: 'bounce',
      name: 'Bounce',
      role: 'guardrails',
      guardrailBreached: true,
      lift: { verdict: 'worse' },
    });
    const { unmount } = renderWithApp(
      <Summary results={resultsFixture()} experiment={experimentFixture({ decisionRule: rule, plannedDays: 14 })} />,
      { me: meAs('viewer') },
    );
    expect(screen.getByTestId('rule-recommendation').textContent).toBe('Decision rule: ship Green');
    unmount();
    const withBreach = resultsFixture({ metrics: [...resultsFixture().metrics, breached] });
    const second = renderWithApp(
      <Summary results={withBreach} experiment={experimentFixture({ decisionRule: rule })} />,
      { me: meAs('viewer') },
    );
    expect(screen.getByTestId('rule-recommendation').textContent).toBe(
      'Decision rule: roll back: guardrails got worse (Bounce)',
    );
    second.unmount();
    renderWithApp(<Summary results={resultsFixture()} />, { me: meAs('viewer') });
    expect(screen.queryByTestId('rule-recommendation')).toBeNull();
  });
});
