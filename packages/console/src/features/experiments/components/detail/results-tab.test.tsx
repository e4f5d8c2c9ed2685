import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { meAs, project } from '../../../../testing/fixtures';
import { mockApi } from '../../../../testing/mock-api';
import { renderWithApp } from '../../../../testing/render';
import { experimentFixture } from '../../fixtures';
import { resultsFixture, resultsPathOf } from '../../results/testing/results-fixtures';
import { ExperimentDetail } from './experiment-detail';

function renderResultsTab(role: 'editor' | 'viewer') {
  mockApi({ [`GET ${resultsPathOf()}`]: { body: resultsFixture() } });
  renderWithApp(
    <ExperimentDetail
      projectId={project.id}
      experiment={experimentFixture()}
      tab="results"
      onTabChange={vi.fn()}
      editHref="/edit"
      onDeleted={vi.fn()}
    />,
    { me: meAs(role) },
  );
}

describe('the results tab', () => {
  it('opens the stop decision next to the summary', async () => {
    renderResultsTab('editor');
    fireEvent.click(await screen.findByTestId('results-decide'));
    expect(await screen.findByTestId('stop-outcome-ship')).toBeTruthy();
  });

  it('offers a viewer neither the decision nor a refresh', async () => {
    renderResultsTab('viewer');
    await screen.findByTestId('results-summary');
    expect(screen.queryByTestId('results-decide')).toBeNull();
    expect(screen.queryByTestId('results-refresh')).toBeNull();
  });
});
