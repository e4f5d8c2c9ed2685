import type { Experiment, Role } from '@tabula/protocol';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { changeRequest } from '../../../../testing/change-requests';
import { meAs, project } from '../../../../testing/fixtures';
import { type MockResponse, mockApi } from '../../../../testing/mock-api';
import { renderWithApp } from '../../../../testing/render';
import { experimentFixture, experimentsPathOf } from '../../fixtures';
import { healthFixture, resultsFixture, resultsPathOf } from '../../results/testing/results-fixtures';
import { ExperimentDetail } from './experiment-detail';

const actionPath = (experiment: Experiment, action: string) =>
  `POST ${experimentsPathOf()}/${experiment.key}/${action}`;

function renderDetail(experiment: Experiment, routes: Record<string, MockResponse> = {}, role: Role = 'editor') {
  const api = mockApi(routes);
  const onDeleted = vi.fn();
  renderWithApp(
    <ExperimentDetail
      projectId={project.id}
      experiment={experiment}
      tab="overview"
      onTabChange={vi.fn()}
      editHref="/edit"
      onDeleted={onDeleted}
    />,
    { me: meAs(role) },
  );
  return { ...api, onDeleted };
}

const posted = (calls: { method: string; path: string; body: unknown }[], action: string) =>
  calls.filter((call) => call.method === 'POST' && call.path.endsWith(`/${action}`));

describe('stopping an experiment', () => {
  const running = experimentFixture();

  it('records a shipped version, asking for one with "Please choose group"', async () => {
    const { calls } = renderDetail(running, {
      [actionPath(running, 'stop')]: { body: experimentFixture({ status: 'stopped' }) },
    });
    fireEvent.click(screen.getByTestId('action-stop'));
    fireEvent.click(await screen.findByTestId('stop-outcome-ship'));
    await screen.findByTestId('stop-version');
    fireEvent.click(screen.getByTestId('stop-submit'));
    expect(await screen.findByText('Please choose group')).toBeTruthy();
    expect(posted(calls, 'stop')).toEqual([]);

    fireEvent.mouseDown(screen.getByTestId('stop-version').querySelector('input') ?? document.body);
    fireEvent.click(await screen.findByTestId('stop-version-option-green'));
    fireEvent.change(screen.getByTestId('stop-note'), { target: { value: ' Green sold 4% more ' } });
    fireEvent.click(screen.getByTestId('stop-roll-out'));
    fireEvent.click(screen.getByTestId('stop-submit'));

    await waitFor(() => expect(posted(calls, 'stop')).toHaveLength(1));
    expect(posted(calls, 'stop')[0]?.body).toEqual({
      outcome: 'ship',
      version: 'green',
      note: 'Green sold 4% more',
      rollOut: true,
    });
  });

  it('wants a decision: "Please choose decision"', async () => {
    const { calls } = renderDetail(running);
    fireEvent.click(screen.getByTestId('action-stop'));
    fireEvent.click(await screen.findByTestId('stop-submit'));
    expect(await screen.findByText('Please choose decision')).toBeTruthy();
    expect(posted(calls, 'stop')).toEqual([]);
  });

  it('rolls back to the control without naming a version, and rolls nothing out when inconclusive', async () => {
    const { calls } = renderDetail(running, {
      [actionPath(running, 'stop')]: { body: experimentFixture({ status: 'stopped' }) },
    });
    fireEvent.click(screen.getByTestId('action-stop'));
    fireEvent.click(await screen.findByTestId('stop-outcome-inconclusive'));
    await waitFor(() => expect((screen.getByTestId('stop-roll-out') as HTMLInputElement).disabled).toBe(true));
    fireEvent.click(screen.getByTestId('stop-outcome-rollback'));
    fireEvent.click(screen.getByTestId('stop-submit'));
    await waitFor(() => expect(posted(calls, 'stop')).toHaveLength(1));
    expect(posted(calls, 'stop')[0]?.body).toEqual({ outcome: 'rollback', note: '', rollOut: false });
  });
  it('pre-selects the winning version when the results are sound', async () => {
    renderDetail(running, { [`GET ${resultsPathOf()}`]: { body: resultsFixture() } });
    fireEvent.click(screen.getByTestId('action-stop'));
    await waitFor(() => expect((screen.getByTestId('stop-outcome-ship') as HTMLInputElement).checked).toBe(true));
    expect(screen.getByTestId('stop-version').textContent).toContain('Green');
    expect(screen.queryByTestId('stop-untrusted')).toBeNull();
  });

  it('warns before shipping while a health check fails, and pre-selects nothing', async () => {
    renderDetail(running, {
      [`GET ${resultsPathOf()}`]: { body: resultsFixture({ health: healthFixture(['sample_ratio']) }) },
    });
    fireEvent.click(screen.getByTestId('action-stop'));
    expect((await screen.findByTestId('stop-untrusted')).textContent).toContain('The results are not trustworthy yet');
    expect((screen.getByTestId('stop-outcome-ship') as HTMLInputElement).checked).toBe(false);
  });
});

describe('lifecycle', () => {
  it('shows why the server refused to start, e.g. a full layer', async () => {
    const draft = experimentFixture({ status: 'draft', startedAt: null });
    renderDetail(draft, {
      [actionPath(draft, 'start')]: {
        status: 409,
        body: { error: { code: 'conflict', message: 'Layer "checkout" has no room: 30% needed, 20% free' } },
      },
    });
    fireEvent.click(screen.getByTestId('action-start'));
    fireEvent.click(await screen.findByTestId('confirm-start'));
    const alert = await screen.findByTestId('action-refused');
    expect(alert.textContent).toContain('The experiment could not start');
    expect(alert.textContent).toContain('Layer "checkout" has no room: 30% needed, 20% free');
  });

  it('offers what the status allows: pause and stop while running, resume while paused', () => {
    renderDetail(experimentFixture());
    expect(screen.getByTestId('action-pause')).toBeTruthy();
    expect(screen.getByTestId('action-stop')).toBeTruthy();
    expect(screen.queryByTestId('action-start')).toBeNull();
    expect(screen.queryByTestId('action-delete')).toBeNull();
  });

  it('resumes a paused experiment through start', async () => {
    const paused = experimentFixture({ status: 'paused' });
    const { calls } = renderDetail(paused, { [actionPath(paused, 'start')]: { body: experimentFixture() } });
    fireEvent.click(screen.getByTestId('action-resume'));
    await waitFor(() => expect(posted(calls, 'start')).toHaveLength(1));
    expect(posted(calls, 'start')[0]?.body).toBeUndefined();
  });

  it('deletes an archived experiment and leaves its page', async () => {
    const archived = experimentFixture({ status: 'archived' });
    const { onDeleted } = renderDetail(archived, {
      [`DELETE ${experimentsPathOf()}/${archived.key}`]: { status: 204 },
    });
    expect(screen.queryByTestId('action-edit')).toBeNull();
    fireEvent.click(screen.getByTestId('action-delete'));
    fireEvent.click(await screen.findByTestId('confirm-delete'));
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
  });

  it('gives a viewer nothing to press', () => {
    renderDetail(experimentFixture(), {}, 'viewer');
    expect(screen.getByTestId('experiment-name').textContent).toBe('Checkout button');
    expect(screen.queryByTestId('action-stop')).toBeNull();
    expect(screen.queryByTestId('action-edit')).toBeNull();
  });
});

describe('starting and stopping through change requests', () => {
  const changeRequestsPath = `/api/v1/projects/${project.id}/change-requests`;

  it('says which draft change request a start that needs approval went to, and does not call it started', async () => {
    const draft = experimentFixture({ status: 'draft' });
    renderDetail(draft, {
      [actionPath(draft, 'start')]: {
        status: 202,
        body: { changeRequest: changeRequest({ status: 'draft', number: 4 }) },
      },
    });
    fireEvent.click(screen.getByTestId('action-start'));
    fireEvent.click(await screen.findByTestId('confirm-start'));
    expect(await screen.findByText(/added to draft change request #4/)).toBeTruthy();
    expect(screen.queryByText('Experiment started')).toBeNull();
  });

  it('schedules the start of a draft', async () => {
    const draft = experimentFixture({ status: 'draft' });
    const { calls } = renderDetail(draft, {
      [`POST ${changeRequestsPath}`]: { status: 201, body: changeRequest({ number: 5, status: 'approved' }) },
    });
    fireEvent.click(screen.getByTestId('action-schedule-start'));
    fireEvent.click(await screen.findByTestId('schedule-start-submit'));
    await waitFor(() => expect(posted(calls, 'change-requests')).toHaveLength(1));
    const body = posted(calls, 'change-requests')[0]?.body as { operations: unknown; scheduledAt: string };
    expect(body.operations).toEqual([{ kind: 'experiment.start', experiment: draft.key }]);
    expect(new Date(body.scheduledAt).getTime()).toBeGreaterThan(Date.now());
    expect(await screen.findByText(/Change request #5 runs/)).toBeTruthy();
  });
});
