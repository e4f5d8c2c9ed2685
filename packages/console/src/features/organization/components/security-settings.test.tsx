import type { Me } from '@tabula/protocol';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { ids, meAs } from '../../../testing/fixtures';
import { unlabelledFields } from '../../../testing/labelled-fields';
import { mockApi } from '../../../testing/mock-api';
import { renderWithApp } from '../../../testing/render';
import { SecuritySettings } from './security-settings';

const organization = { id: ids.organization, name: 'Acme', requireMfa: false };

describe('organization security', () => {
  it('requires two-factor authentication after a confirmation that names its effect on the admin', async () => {
    const { calls } = mockApi({
      'GET /api/v1/organization': { body: organization },
      'PATCH /api/v1/organization': { body: { ...organization, requireMfa: true } },
    });
    const { queryClient } = renderWithApp(<SecuritySettings />, { me: meAs('admin') });

    fireEvent.click(await screen.findByTestId('require-mfa-switch'));
    expect(await screen.findByText(/You have not set it up yourself yet/)).toBeTruthy();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
    fireEvent.click(screen.getByTestId('require-mfa-confirm'));

    await waitFor(() => expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ requireMfa: true }));
    await waitFor(() => expect(queryClient.getQueryData<Me>(queryKeys.me)?.organization.requireMfa).toBe(true));
    expect(screen.getByTestId('require-mfa-switch').getAttribute('aria-checked')).toBe('true');
  });

  it('stops requiring it at once', async () => {
    const { calls } = mockApi({
      'GET /api/v1/organization': { body: { ...organization, requireMfa: true } },
      'PATCH /api/v1/organization': { body: organization },
    });
    renderWithApp(<SecuritySettings />, { me: meAs('owner') });

    fireEvent.click(await screen.findByTestId('require-mfa-switch'));

    await waitFor(() => expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ requireMfa: false }));
  });
});

describe('form labels', () => {
  it('binds every label to its field', async () => {
    mockApi({ 'GET /api/v1/organization': { body: organization } });
    renderWithApp(<SecuritySettings />, { me: meAs('admin') });
    await screen.findByTestId('require-mfa-switch');
    expect(unlabelledFields()).toEqual([]);
  });
});
