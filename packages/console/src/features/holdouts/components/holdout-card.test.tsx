import type { Holdout } from '@tabula/protocol';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeRequest } from '../../../testing/change-requests';
import { meAs, project } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/mock-api';
import { renderWithApp } from '../../../testing/render';
import { HoldoutCard } from './holdout-card';

const path = `/api/v1/projects/${project.id}/holdouts`;
const running: Holdout = {
  id: 'hpdDemo234567892',
  key: 'holdout-h1',
  name: 'First half',
  description: '',
  percent: 500,
  salt: 'f3Q8vLr2ZkT9wXc4NbH7sJ',
  metrics: ['purchase'],
  experiments: true,
  flags: ['nav'],
  status: 'running',
  startedAt: '2026-01-01T00:00:00.000Z',
  stoppedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const card = (
  <HoldoutCard
    projectId={project.id}
    metricKeys={['purchase']}
    flagKeys={['nav', 'search']}
    reportPath={(key) => `/report/${key}`}
  />
);

describe('holdout', () => {
  it('starts a holdout with its share in basis points, asking for a valid key first', async () => {
    const { calls } = mockApi({
      [`GET ${path}`]: { body: { holdouts: [] } },
      [`POST ${path}`]: { status: 201, body: running },
    });
    renderWithApp(card, { me: meAs('editor') });
    fireEvent.change(await screen.findByTestId('holdout-name'), { target: { value: 'First half' } });
    fireEvent.change(screen.getByTestId('holdout-key'), { target: { value: 'Holdout 1' } });
    fireEvent.click(screen.getByTestId('holdout-save'));
    expect(await screen.findByText('Please input valid key')).toBeTruthy();
    fireEvent.change(screen.getByTestId('holdout-key'), { target: { value: 'holdout-h1' } });
    fireEvent.click(screen.getByTestId('holdout-save'));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        key: 'holdout-h1',
        name: 'First half',
        description: '',
        percent: 500,
        metrics: [],
        experiments: true,
        flags: [],
      }),
    );
  });

  it('says which draft change request a stop went to where an environment requires approvals', async () => {
    const { calls } = mockApi({
      [`GET ${path}`]: { body: { holdouts: [running] } },
      [`POST ${path}/holdout-h1/stop`]: {
        status: 202,
        body: { changeRequest: changeRequest({ status: 'draft', number: 4 }) },
      },
    });
    renderWithApp(card, { me: meAs('editor') });
    fireEvent.click(await screen.findByTestId('holdout-stop'));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    expect(await screen.findByText(/added to draft change request #4/)).toBeTruthy();
    // The holdout is not read again: nothing changed yet.
    expect(calls.filter((call) => call.method === 'GET')).toHaveLength(1);
  });

  it('shows the running holdout with its report to a viewer, who cannot change it', async () => {
    mockApi({ [`GET ${path}`]: { body: { holdouts: [running, { ...running, key: 'old', status: 'stopped' }] } } });
    renderWithApp(card, { me: meAs('viewer') });
    expect((await screen.findByTestId('holdout-report-holdout-h1')).getAttribute('href')).toBe('/report/holdout-h1');
    expect(screen.getByTestId('holdout-report-old').getAttribute('href')).toBe('/report/old');
    expect(screen.getByText('Running: 5 % held out')).toBeTruthy();
    expect(screen.queryByTestId('holdout-save')).toBeNull();
    expect(screen.queryByTestId('holdout-stop')).toBeNull();
  });
});
