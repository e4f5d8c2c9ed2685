import type { ExperimentBreakdown } from '@tabula/protocol';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { meAs, project } from '../../../../testing/fixtures';
import { mockApi } from '../../../../testing/mock-api';
import { renderWithApp } from '../../../../testing/render';
import { experimentFixture } from '../../fixtures';
import { metricResult, resultsFixture, resultsPathOf } from '../testing/results-fixtures';
import { ExperimentResults } from './experiment-results';

const experiment = experimentFixture();
const slice = (value: string | null, kind: 'value' | 'other' | 'unknown', estimate: number) => {
  const { series: _series, ...metric } = metricResult({
    lift: { estimate, ci: [estimate - 0.1, estimate + 0.1], pValue: 0.01, adjustedPValue: 0.04 },
  });
  return { kind, value, units: { control: 1000, green: 1000 }, metrics: [metric] };
};
const BREAKDOWN: ExperimentBreakdown = {
  dimension: 'attribute:plan',
  coversFrom: '2025-01-10T10:00:00.000Z',
  coversTo: '2025-01-12T10:00:00.000Z',
  correction: 'holm',
  control: 'control',
  slices: [slice('pro', 'value', 0.5), slice(null, 'unknown', 0.2)],
};

describe('results breakdown', () => {
  it('offers the standard dimensions and the chosen attributes, and shows each metric per slice with the warning', async () => {
    const { calls } = mockApi({
      [`GET ${resultsPathOf()}`]: { body: resultsFixture({ metrics: [metricResult({})] }) },
      [`GET ${resultsPathOf().replace(/\/results$/, '/alerts')}`]: { body: { alerts: [] } },
      [`GET ${resultsPathOf()}/breakdown`]: { body: BREAKDOWN },
    });
    renderWithApp(<ExperimentResults projectId={project.id} experiment={experiment} breakdownAttributes={['plan']} />, {
      me: meAs('viewer'),
    });
    const select = await screen.findByTestId('breakdown-dimension');
    expect(screen.queryByTestId('breakdown-warning')).toBeNull();
    fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
    const labels = [...document.querySelectorAll('.ant-select-item-option')].map((option) => option.textContent);
    expect(labels).toEqual(['None', 'Browser', 'Device type', 'Operating system', 'Country', 'Attribute: plan']);
    fireEvent.click(document.querySelector('.ant-select-item-option[title="Attribute: plan"]')!);

    const warning = await screen.findByTestId('breakdown-warning');
    expect(warning.textContent).toMatch(/^Slices are exploratory: .*\(Holm\)/);
    const request = calls.find((call) => call.path.endsWith('/breakdown'))!;
    expect(request.search.get('dimension')).toBe('attribute:plan');
    await waitFor(() => expect(screen.getByTestId('breakdown-slice-pro').textContent).toContain('+50.0%'));
    expect(screen.getByTestId('breakdown-slice-unknown').textContent).toMatch(/^Unknown.*\+20\.0%/);
  });
});
