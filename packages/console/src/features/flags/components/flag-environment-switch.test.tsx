import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { environments, meAs, project } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/mock-api';
import { renderWithApp } from '../../../testing/render';
import { environmentState, flagsApiPath } from '../testing/flag-fixtures';
import { FlagEnvironmentSwitch } from './flag-environment-switch';

const [development, production] = environments as [(typeof environments)[0], (typeof environments)[0]];
const putPath = (environment: string) => `PUT ${flagsApiPath}/new-checkout/environments/${environment}`;

function renderSwitch(environment: typeof development, role: 'editor' | 'viewer' = 'editor') {
  const api = mockApi({
    [putPath(environment.key)]: (call) => ({
      body: environmentState({ enabled: (call.body as { enabled: boolean }).enabled }),
    }),
  });
  renderWithApp(
    <FlagEnvironmentSwitch projectId={project.id} flagKey="new-checkout" environment={environment} enabled={false} />,
    // The member holds the project's grant to change protected environments such as production.
    { me: meAs(role), projectAccess: { role, protectedEnvironments: true } },
  );
  return api;
}

describe('flag kill switch', () => {
  it('turns a flag on in development with one click', async () => {
    const { calls } = renderSwitch(development);
    fireEvent.click(screen.getByTestId('flag-switch-new-checkout-development'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ enabled: true });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks before turning a flag on in production, and does nothing when cancelled', async () => {
    const { calls } = renderSwitch(production);
    fireEvent.click(screen.getByTestId('flag-switch-new-checkout-production'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Turn new-checkout on in Production?');
    expect(dialog.textContent).toContain('Real users start getting what the rules serve');
    fireEvent.click(within(dialog).getByText('Cancel'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toHaveLength(0);
  });

  it('turns a flag on in production once confirmed', async () => {
    const { calls } = renderSwitch(production);
    fireEvent.click(screen.getByTestId('flag-switch-new-checkout-production'));
    expect(calls).toHaveLength(0);
    fireEvent.click(await screen.findByTestId('flag-switch-confirm'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ enabled: true });
  });

  it('shows viewers the state without a switch', () => {
    renderSwitch(production, 'viewer');
    const state = screen.getByTestId('flag-switch-new-checkout-production');
    expect(state.getAttribute('role')).not.toBe('switch');
    expect(state.textContent).toBe('Off');
  });
});
