import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { environments, meAs, project } from '../../../testing/fixtures';
import { unlabelledFields } from '../../../testing/labelled-fields';
import { mockApi } from '../../../testing/mock-api';
import { createTestQueryClient, renderWithApp } from '../../../testing/render';
import { useFlag } from '../api/get-flag';
import { checkoutFlag, environmentState, flagsApiPath } from '../testing/flag-fixtures';
import { PrerequisitesSection } from './prerequisites-section';

const production = environments[1] as (typeof environments)[1];
const payments = checkoutFlag({
  id: 'fgPayments234567',
  key: 'payments',
  name: 'Payments',
  variants: [
    { key: 'on', value: true },
    { key: 'off', value: false },
  ],
});

function Section({ role }: { role: 'editor' | 'viewer' }) {
  const flag = useFlag(project.id, 'new-checkout');
  if (!flag.data) return null;
  return (
    <PrerequisitesSection
      projectId={project.id}
      flag={flag.data}
      environment={production}
      canWrite={role === 'editor'}
    />
  );
}

function renderSection(role: 'editor' | 'viewer', prerequisites = [{ flag: 'payments', variants: ['on'] }]) {
  const flag = checkoutFlag();
  flag.environments.production = { ...flag.environments.production!, prerequisites };
  const api = mockApi({
    [`GET ${flagsApiPath}`]: { body: { flags: [flag, payments], total: 2, nextOffset: null } },
    [`PUT ${flagsApiPath}/new-checkout/environments/production`]: (call) => ({
      body: environmentState({ enabled: true, ...(call.body as object) }),
    }),
  });
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(queryKeys.flag(project.id, 'new-checkout'), flag);
  renderWithApp(<Section role={role} />, { me: meAs(role), queryClient });
  return api;
}

describe('prerequisites section', () => {
  it('reads each prerequisite as a sentence, and offers no editing to viewers', () => {
    renderSection('viewer');
    expect(screen.getByTestId('prerequisite-sentence').textContent).toBe('Requires payments to be on and serve on');
    expect(screen.queryByTestId('prerequisites-edit-production')).toBeNull();
  });

  it('says when there are none', () => {
    renderSection('viewer', []);
    expect(screen.getByText('No prerequisites: the rules below apply whenever the flag is on.')).toBeTruthy();
  });

  it('lets an editor remove and add prerequisites, saving them for the environment', async () => {
    const api = renderSection('editor');
    fireEvent.click(screen.getByTestId('prerequisites-edit-production'));
    const dialog = await screen.findByRole('dialog');
    // The row holds the saved prerequisite; removing it and saving sends none.
    expect(within(dialog).getByTestId('prerequisite-row-0')).toBeTruthy();
    expect(unlabelledFields(dialog)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove prerequisite' }));
    fireEvent.click(within(dialog).getByTestId('prerequisite-add'));
    fireEvent.click(screen.getByTestId('prerequisites-submit'));
    // A row without a flag is not sent: the form asks for one.
    expect(await within(dialog).findByText('Please choose flag')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove prerequisite' }));
    fireEvent.click(screen.getByTestId('prerequisites-submit'));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = api.calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({ prerequisites: [] });
    expect(await screen.findByText('No prerequisites: the rules below apply whenever the flag is on.')).toBeTruthy();
  });
});
