import type { Experiment } from '@tabula/protocol';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { meAs, project } from '../../../../testing/fixtures';
import { type MockResponse, mockApi } from '../../../../testing/mock-api';
import { renderWithApp } from '../../../../testing/render';
import { experimentFixture, experimentsPathOf } from '../../fixtures';
import { ExperimentWizard } from './experiment-wizard';

const running = experimentFixture();
const patchPath = `PATCH ${experimentsPathOf()}/${running.key}`;

function renderEditing(saved: Experiment, patch: MockResponse | (() => MockResponse) = { body: running }) {
  const api = mockApi({ [patchPath]: patch });
  const onSaved = vi.fn();
  renderWithApp(<ExperimentWizard projectId={project.id} saved={saved} layers={[]} segments={[]} onSaved={onSaved} />, {
    me: meAs('editor'),
  });
  return { ...api, onSaved };
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const confirmTitle = () => document.querySelector('.ant-modal-confirm-title')?.textContent;
const patches = (calls: { method: string; body: unknown }[]) => calls.filter((call) => call.method === 'PATCH');

async function openVersions() {
  fireEvent.click(screen.getByTestId('wizard-next'));
  await screen.findByTestId('wizard-step-audience');
  fireEvent.click(screen.getByTestId('wizard-next'));
  await screen.findByTestId('wizard-step-versions');
}

describe('editing a running experiment', () => {
  it('warns that new weights re-randomise, and sends them only after confirmation', async () => {
    const { calls, onSaved } = renderEditing(running);
    await openVersions();
    expect(screen.queryByTestId('re-randomise-warning')).toBeNull();
    type('version-weight-0', '30');
    type('version-weight-1', '70');
    expect((await screen.findByTestId('re-randomise-warning')).textContent).toContain('Saving re-randomises visitors');

    fireEvent.click(screen.getByTestId('wizard-save'));
    await waitFor(() => expect(confirmTitle()).toBe('Re-randomise visitors?'));
    expect(patches(calls)).toEqual([]);
    fireEvent.click(screen.getByTestId('re-randomise-confirm'));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(patches(calls).map((call) => call.body)).toEqual([
      {
        versions: [
          { key: 'control', name: 'Control', weight: 3000, isControl: true, params: { color: 'blue' } },
          { key: 'green', name: 'Green', weight: 7000, isControl: false, params: { color: 'green' } },
        ],
        reRandomise: true,
      },
    ]);
  });

  it('sends nothing when people cancel', async () => {
    const { calls, onSaved } = renderEditing(running);
    fireEvent.click(screen.getByTestId('wizard-next'));
    await screen.findByTestId('wizard-step-audience');
    type('wizard-traffic', '40');
    expect(await screen.findByTestId('re-randomise-warning')).toBeTruthy();
    fireEvent.click(screen.getByTestId('wizard-save'));
    await waitFor(() => expect(confirmTitle()).toBe('Re-randomise visitors?'));
    fireEvent.click(screen.getByText('Cancel'));
    // Cancelling ends that save: the next Save asks again, and still nothing went out.
    fireEvent.click(screen.getByTestId('wizard-save'));
    await waitFor(() => expect(document.querySelectorAll('.ant-modal-confirm-title')).toHaveLength(2));
    expect(patches(calls)).toEqual([]);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('sends a change that moves nobody straight away, with no question', async () => {
    const { calls, onSaved } = renderEditing(running);
    type('wizard-name', 'Checkout button, green');
    fireEvent.click(screen.getByTestId('wizard-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(patches(calls).map((call) => call.body)).toEqual([{ name: 'Checkout button, green' }]);
    expect(confirmTitle()).toBeUndefined();
  });

  it('asks too when the server says the change re-randomises', async () => {
    let answered = 0;
    const { calls, onSaved } = renderEditing(running, () => {
      answered += 1;
      return answered === 1
        ? {
            status: 409,
            body: { error: { code: 'conflict', message: 'Re-randomises units', details: { requires: 'reRandomise' } } },
          }
        : { body: running };
    });
    await openVersions();
    type('version-name-1', 'Greener');
    fireEvent.click(screen.getByTestId('wizard-save'));
    fireEvent.click(await screen.findByTestId('re-randomise-confirm'));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(patches(calls).map((call) => (call.body as { reRandomise?: boolean }).reRandomise)).toEqual([
      undefined,
      true,
    ]);
  });

  it('does not ask for a draft, which has assigned nobody', async () => {
    const { calls, onSaved } = renderEditing(experimentFixture({ status: 'draft', startedAt: null }));
    await openVersions();
    type('version-weight-0', '30');
    type('version-weight-1', '70');
    expect(screen.queryByTestId('re-randomise-warning')).toBeNull();
    fireEvent.click(screen.getByTestId('wizard-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(patches(calls)[0]?.body).not.toHaveProperty('reRandomise');
  });
});
