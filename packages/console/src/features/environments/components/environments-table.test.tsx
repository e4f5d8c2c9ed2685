import type { Environment } from '@tabula/protocol';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clientKey, environments, ids, meAs, project } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/mock-api';
import { renderWithApp } from '../../../testing/render';
import { EnvironmentsTable } from './environments-table';

const base = `/api/v1/projects/${ids.project}`;
const payloadKey = 'c2VjcmV0LWtleS1iYXNlNjQ=';
const [development, production] = environments as [Environment, Environment];
const encrypted: Environment = { ...production, payloadKey };

const renderTable = (role: 'admin' | 'editor', list: Environment[]) =>
  renderWithApp(<EnvironmentsTable projectId={project.id} environments={list} />, { me: meAs(role) });

const confirm = async (testId: string) => fireEvent.click(await screen.findByTestId(testId));

describe('environments: payload encryption', () => {
  it('shows which payloads are encrypted, with the key of each encrypted one', () => {
    renderTable('editor', [development, encrypted]);
    expect(screen.getByTestId('encryption-development').textContent).toContain('In clear');
    expect(screen.queryByTestId('payload-key-development')).toBeNull();
    const cell = screen.getByTestId('encryption-production');
    expect(cell.textContent).toContain('Encrypted');
    const key = within(cell).getByTestId('payload-key-production');
    expect(key.textContent).toContain(payloadKey);
    expect(key.querySelector('.ant-typography-copy')).toBeTruthy();
  });

  it('lets only admins switch encryption or rotate the key', () => {
    renderTable('editor', [development, encrypted]);
    expect(screen.queryByTestId('encryption-switch-development')).toBeNull();
    expect(screen.queryByTestId('rotate-payload-key-production')).toBeNull();
  });

  it('turns encryption on after the admin confirms, then refreshes the project and its API keys', async () => {
    const { calls } = mockApi({
      [`PATCH ${base}/environments/development`]: { body: { ...development, payloadKey } },
      [`GET ${base}/keys`]: { body: { keys: [clientKey] } },
    });
    const { queryClient } = renderTable('admin', [development]);
    queryClient.setQueryData(['projects', ids.project, 'keys'], [clientKey]);

    fireEvent.click(screen.getByTestId('encryption-switch-development'));
    expect(await screen.findByText(/needs the decryption key/)).toBeTruthy();
    await confirm('encryption-confirm');

    await waitFor(() => expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ encryptPayload: true }));
    await waitFor(() => expect(queryClient.getQueryState(['projects', ids.project, 'keys'])?.isInvalidated).toBe(true));
  });

  it('warns that turning encryption off makes the rules readable, and turns it off', async () => {
    const { calls } = mockApi({
      [`PATCH ${base}/environments/production`]: { body: production },
    });
    renderTable('admin', [encrypted]);

    fireEvent.click(screen.getByTestId('encryption-switch-production'));
    expect(await screen.findByText(/readable by anyone with the client key/)).toBeTruthy();
    await confirm('encryption-confirm');

    await waitFor(() => expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ encryptPayload: false }));
  });

  it('rotates the key after a confirmation that pages with the old key stop getting changes', async () => {
    const { calls } = mockApi({
      [`POST ${base}/environments/production/payload-key`]: { body: { ...encrypted, payloadKey: 'bmV3LWtleQ==' } },
    });
    renderTable('admin', [encrypted]);

    fireEvent.click(screen.getByTestId('rotate-payload-key-production'));
    expect(await screen.findByText(/stop receiving changes/)).toBeTruthy();
    await confirm('rotate-confirm');

    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toBeUndefined();
  });
});

describe('environments: approvals', () => {
  it('lets an admin choose how many approvals a protected environment requires', async () => {
    const { calls } = mockApi({
      [`PATCH ${base}/environments/production`]: { body: { ...production, requiredApprovals: 2 } },
    });
    renderTable('admin', [development, production]);
    expect(screen.getByTestId('required-approvals-development').textContent).toBe('—');

    fireEvent.mouseDown(within(screen.getByTestId('required-approvals-production')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('2'));

    await waitFor(() => expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ requiredApprovals: 2 }));
    expect(await screen.findByText('Production now requires 2 approvals')).toBeTruthy();
  });

  it('shows other members the number only', () => {
    renderTable('editor', [development, { ...production, requiredApprovals: 1 }]);
    expect(screen.getByTestId('required-approvals-production').textContent).toBe('1');
  });
});
