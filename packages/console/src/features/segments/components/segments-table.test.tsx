import type { Segment } from '@tabula/protocol';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeRequest } from '../../../testing/change-requests';
import { environments, ids, meAs, project } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/mock-api';
import { renderWithApp } from '../../../testing/render';
import { SegmentsTable } from './segments-table';

const segmentsPath = `/api/v1/projects/${ids.project}/segments`;
const beta: Segment = {
  id: 'sgBetaTesters234',
  key: 'beta',
  name: 'Beta testers',
  description: 'People who asked for early access',
  conditions: [
    { attribute: 'plan', operator: 'in', values: ['beta', 'pro'] },
    { attribute: 'country', operator: 'in', values: ['cn'], negate: true },
  ],
  createdAt: '2025-01-15T10:00:00.000Z',
  updatedAt: '2025-01-15T10:00:00.000Z',
};

function renderTable(role: 'editor' | 'viewer', routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ [`GET ${segmentsPath}`]: { body: { segments: [beta] } }, ...routes });
  renderWithApp(
    <SegmentsTable
      projectId={project.id}
      environments={environments}
      flagHref={(key, environment) => `/f/${key}/${environment}`}
    />,
    {
      me: meAs(role),
    },
  );
  return api;
}

describe('segments', () => {
  it('lists segments with their conditions in words', async () => {
    renderTable('viewer');
    const row = (await screen.findByText('Beta testers')).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('plan is one of beta, pro');
    expect(row.textContent).toContain('NOTcountry is one of cn');
    expect(screen.queryByTestId('create-segment-button')).toBeNull();
    expect(screen.queryByTestId('segment-delete-beta')).toBeNull();
  });

  it('creates a segment from conditions', async () => {
    const { calls } = renderTable('editor', { [`POST ${segmentsPath}`]: { status: 201, body: beta } });
    fireEvent.click(await screen.findByTestId('create-segment-button'));
    fireEvent.change(await screen.findByTestId('segment-key'), { target: { value: 'staff' } });
    fireEvent.change(screen.getByTestId('segment-name'), { target: { value: 'Staff' } });
    fireEvent.click(screen.getByTestId('segment-conditions-add'));
    const condition = screen.getByTestId('condition-0');
    fireEvent.change(within(condition).getByLabelText('Attribute'), { target: { value: 'email' } });
    const values = within(condition).getByLabelText('Values');
    fireEvent.change(values, { target: { value: '@acme.test' } });
    fireEvent.keyDown(values, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.click(screen.getByTestId('segment-submit'));

    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      key: 'staff',
      name: 'Staff',
      description: '',
      conditions: [{ attribute: 'email', operator: 'in', values: ['@acme.test'] }],
    });
  });

  it('says which draft change request an edit went to where an environment requires approvals', async () => {
    const { calls } = renderTable('editor', {
      [`PATCH ${segmentsPath}/beta`]: {
        status: 202,
        body: { changeRequest: changeRequest({ status: 'draft', number: 3 }) },
      },
    });
    fireEvent.click(await screen.findByTestId('segment-edit-beta'));
    fireEvent.change(await screen.findByTestId('segment-name'), { target: { value: 'Beta' } });
    fireEvent.click(screen.getByTestId('segment-submit'));

    expect(await screen.findByText(/added to draft change request #3/)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1);
    // The list is not asked again: nothing changed yet.
    expect(calls.filter((call) => call.method === 'GET')).toHaveLength(1);
  });

  it('says where a segment is used when the server refuses to delete it', async () => {
    renderTable('editor', {
      [`DELETE ${segmentsPath}/beta`]: {
        status: 409,
        body: {
          error: {
            code: 'conflict',
            message: 'Segment "beta" is in use: remove it from these first',
            details: [
              { kind: 'flag', key: 'new-checkout', environment: 'production', rule: 'ruleA' },
              { kind: 'flag', key: 'new-checkout', environment: 'production', rule: 'ruleB' },
              { kind: 'experiment', key: 'pricing-test' },
            ],
          },
        },
      },
    });
    fireEvent.click(await screen.findByTestId('segment-delete-beta'));
    fireEvent.click(await screen.findByTestId('segment-delete-confirm'));

    const usage = await screen.findByTestId('segment-usage');
    expect(screen.getByText('beta is still in use')).toBeTruthy();
    const lines = within(usage)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(lines).toEqual(['Flagnew-checkout in Production (rules: 2)', 'Experimentpricing-test']);
    expect(within(usage).getByText('new-checkout').closest('a')?.getAttribute('href')).toBe(
      '/f/new-checkout/production',
    );
  });
});
