import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { meAs, project } from '../../../testing/fixtures';
import { unlabelledFields } from '../../../testing/labelled-fields';
import { mockApi } from '../../../testing/mock-api';
import { renderWithApp } from '../../../testing/render';
import { checkoutFlag, flagsApiPath } from '../testing/flag-fixtures';
import { CloneFlagModal } from './clone-flag-modal';

describe('clone flag dialog', () => {
  it('suggests a key and name, sends what is typed, and hands back the new flag', async () => {
    const api = mockApi({
      [`POST ${flagsApiPath}/new-checkout/clone`]: (call) => ({
        status: 201,
        body: checkoutFlag({ ...(call.body as { key: string; name: string }) }),
      }),
    });
    const onCloned = vi.fn();
    renderWithApp(
      <CloneFlagModal projectId={project.id} flag={checkoutFlag()} open onClose={() => {}} onCloned={onCloned} />,
      { me: meAs('editor') },
    );
    expect(await screen.findByText(/It starts off everywhere/)).toBeTruthy();
    expect(unlabelledFields()).toEqual([]);
    const key = screen.getByTestId('clone-flag-key') as HTMLInputElement;
    expect(key.value).toBe('new-checkout-copy');
    expect((screen.getByTestId('clone-flag-name') as HTMLInputElement).value).toBe('New checkout (copy)');
    fireEvent.change(key, { target: { value: 'checkout-v2' } });
    fireEvent.click(screen.getByTestId('clone-flag-submit'));
    await waitFor(() => expect(onCloned).toHaveBeenCalled());
    expect(api.calls[0]?.body).toEqual({ key: 'checkout-v2', name: 'New checkout (copy)' });
    expect(onCloned.mock.calls[0]?.[0]).toMatchObject({ key: 'checkout-v2' });
  });

  it('shows what the server refuses on the field it names', async () => {
    mockApi({
      [`POST ${flagsApiPath}/new-checkout/clone`]: {
        status: 400,
        body: {
          error: {
            code: 'validation_failed',
            message: 'Please input valid key',
            details: [{ path: 'key', message: 'Please input valid key: lowercase letters, digits, "-" and "_"' }],
          },
        },
      },
    });
    renderWithApp(
      <CloneFlagModal projectId={project.id} flag={checkoutFlag()} open onClose={() => {}} onCloned={() => {}} />,
      { me: meAs('editor') },
    );
    fireEvent.click(await screen.findByTestId('clone-flag-submit'));
    // The message lands under the key field (in the console's own words for the server's prompt).
    await waitFor(() => expect(document.querySelector('.ant-form-item-has-error #clone-flag_key')).not.toBeNull());
  });
});
