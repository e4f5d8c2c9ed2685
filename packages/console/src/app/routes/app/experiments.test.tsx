import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { experimentFixture, experimentsPathOf } from '../../../features/experiments/fixtures';
import { resultsFixture, resultsPathOf } from '../../../features/experiments/results/testing/results-fixtures';
import { meAs, project } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/mock-api';
import { renderWithApp } from '../../../testing/render';
import { ExperimentRoute } from './experiment';
import { ExperimentWizardRoute } from './experiment-wizard';
import { ExperimentsRoute } from './experiments';

const experiment = experimentFixture();
const base = `/projects/${project.id}/experiments`;
const detail = { path: 'projects/:projectId/experiments/:experimentKey/:tab?', element: <ExperimentRoute /> };

describe('experiment pages', () => {
  it('keep the list filters in the address', async () => {
    const { calls } = mockApi({
      [`GET ${experimentsPathOf()}`]: { body: { experiments: [experiment], total: 1, nextOffset: null } },
    });
    const { router } = renderWithApp(<ExperimentsRoute />, {
      me: meAs('viewer'),
      path: '/projects/:projectId/experiments',
      url: `${base}?status=running&kind=ab`,
    });
    await screen.findByTestId('experiment-link-checkout-button');
    expect(calls[0]?.search.get('status')).toBe('running');
    expect(calls[0]?.search.get('kind')).toBe('ab');
    expect(screen.queryByTestId('new-experiment')).toBeNull();

    fireEvent.mouseDown(screen.getByTestId('experiments-status').querySelector('input') ?? document.body);
    fireEvent.click(await screen.findByTestId('experiments-status-option-all'));
    await waitFor(() => expect(router.state.location.search).toBe('?kind=ab'));
  });

  it('open a detail tab from the address, and switch tabs in it', async () => {
    mockApi({
      [`GET ${experimentsPathOf()}/${experiment.key}`]: { body: experiment },
      [`GET ${resultsPathOf(experiment.key)}`]: { body: resultsFixture({ snapshot: null }) },
    });
    const { router } = renderWithApp(<ExperimentRoute />, {
      me: meAs('viewer'),
      path: detail.path,
      url: `${base}/${experiment.key}/versions`,
    });
    expect(await screen.findByTestId('versions-table')).toBeTruthy();
    fireEvent.click(screen.getByTestId('tab-results'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${base}/${experiment.key}/results`));
    expect(await screen.findByTestId('results-placeholder')).toBeTruthy();
    expect(screen.getByTestId('results-placeholder').textContent).toContain(
      'Results will appear here once the experiment has exposures and the analysis has run.',
    );
  });

  it('answer an unknown experiment with a not-found page', async () => {
    mockApi({});
    renderWithApp(<ExperimentRoute />, { me: meAs('viewer'), path: detail.path, url: `${base}/nope` });
    expect(await screen.findByText('Experiment not found')).toBeTruthy();
  });

  it('edit an experiment in the wizard, then show it', async () => {
    const { calls } = mockApi({
      [`GET ${experimentsPathOf()}/${experiment.key}`]: { body: experiment },
      [`PATCH ${experimentsPathOf()}/${experiment.key}`]: { body: { ...experiment, name: 'Renamed' } },
      [`GET /api/v1/projects/${project.id}/layers`]: { body: { layers: [] } },
      [`GET /api/v1/projects/${project.id}/segments`]: { body: { segments: [] } },
    });
    const { router } = renderWithApp(<ExperimentWizardRoute />, {
      me: meAs('editor'),
      path: 'projects/:projectId/experiments/:experimentKey/edit',
      url: `${base}/${experiment.key}/edit`,
      routes: [detail],
    });
    const name = (await screen.findByTestId('wizard-name')) as HTMLInputElement;
    expect(name.value).toBe('Checkout button');
    expect((screen.getByTestId('wizard-key') as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(name, { target: { value: 'Renamed' } });
    fireEvent.click(screen.getByTestId('wizard-save'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${base}/${experiment.key}`));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ name: 'Renamed' });
  });

  it('tell a viewer the wizard is not for them', () => {
    mockApi({});
    renderWithApp(<ExperimentWizardRoute />, {
      me: meAs('viewer'),
      path: 'projects/:projectId/experiments/new',
      url: `${base}/new`,
    });
    expect(screen.getByText('Your role lets you view experiments but not change them.')).toBeTruthy();
    expect(screen.queryByTestId('wizard-save')).toBeNull();
  });
});
