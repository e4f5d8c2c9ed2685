import type { CreatedApiKey } from '@tabula/protocol';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clientKey, environments, ids, meAs, project } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/mock-api';
import { renderWithApp } from '../../../testing/render';
import { ApiKeysCard } from './api-keys-card';

const keysPath = `/api/v1/projects/${ids.project}/keys`;
const secret: CreatedApiKey = {
  ...clientKey,
  id: ids.secretKey,
  kind: 'secret',
  name: 'Backend',
  key: 'tbs_thewholesecretvalue',
  prefix: 'tbs_',
};

describe('API keys', () => {
  it('lists keys with their value for client keys and "never used" when unused', async () => {
    mockApi({ [`GET ${keysPath}`]: { body: { keys: [clientKey] } } });
    renderWithApp(<ApiKeysCard projectId={project.id} environments={environments} />, { me: meAs('admin') });

    const row = (await screen.findByText('Web app')).closest('tr') as HTMLElement;
    expect(within(row).getByText('tbc_publicclientkey')).toBeTruthy();
    expect(within(row).getByText('Never used')).toBeTruthy();
    expect(within(row).getByText('Development')).toBeTruthy();
  });

  it('shows the decryption key beside a client key whose environment encrypts its payload', async () => {
    const encrypted = { ...clientKey, decryptionKey: 'c2VjcmV0LWtleS1iYXNlNjQ=' };
    mockApi({ [`GET ${keysPath}`]: { body: { keys: [encrypted] } } });
    renderWithApp(<ApiKeysCard projectId={project.id} environments={environments} />, { me: meAs('editor') });

    const row = (await screen.findByText('Web app')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Decryption key')).toBeTruthy();
    const value = within(row).getByTestId(`decryption-key-${clientKey.id}`);
    expect(value.textContent).toContain('c2VjcmV0LWtleS1iYXNlNjQ=');
    expect(value.querySelector('.ant-typography-copy')).toBeTruthy();
  });

  it('shows no decryption key for a payload served in clear', async () => {
    mockApi({ [`GET ${keysPath}`]: { body: { keys: [clientKey] } } });
    renderWithApp(<ApiKeysCard projectId={project.id} environments={environments} />, { me: meAs('editor') });

    await screen.findByText('Web app');
    expect(screen.queryByText('Decryption key')).toBeNull();
  });

  it('shows a new secret key once, with a copy button and a warning', async () => {
    const { calls } = mockApi({
      [`GET ${keysPath}`]: { body: { keys: [] } },
      [`POST ${keysPath}`]: { status: 201, body: secret },
    });
    renderWithApp(<ApiKeysCard projectId={project.id} environments={environments} />, { me: meAs('owner') });

    fireEvent.click(await screen.findByTestId('create-key-button'));
    fireEvent.change(await screen.findByTestId('create-key-name'), { target: { value: 'Backend' } });
    fireEvent.click(screen.getByLabelText(/Secret/));
    fireEvent.click(screen.getByTestId('create-key-submit'));

    const value = await screen.findByTestId('created-key-value');
    expect(value.textContent).toContain('tbs_thewholesecretvalue');
    expect(value.querySelector('.ant-typography-copy')).toBeTruthy();
    expect(screen.getByTestId('created-key-note').textContent).toContain('You will not see it again');
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        name: 'Backend',
        kind: 'secret',
        environment: 'development',
        role: 'editor',
        protectedEnvironments: false,
      }),
    );
  });

  it('offers neither creating nor revoking to an editor', async () => {
    mockApi({ [`GET ${keysPath}`]: { body: { keys: [clientKey] } } });
    renderWithApp(<ApiKeysCard projectId={project.id} environments={environments} />, { me: meAs('editor') });

    await screen.findByText('Web app');
    expect(screen.queryByTestId('create-key-button')).toBeNull();
    expect(screen.queryByTestId(`revoke-key-${clientKey.id}`)).toBeNull();
  });
});
