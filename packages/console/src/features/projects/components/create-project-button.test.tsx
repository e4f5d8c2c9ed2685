import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { meAs, project } from '../../../testing/fixtures';
import { unlabelledFields } from '../../../testing/labelled-fields';
import { mockApi } from '../../../testing/mock-api';
import { renderWithApp } from '../../../testing/render';
import { CreateProjectButton } from './create-project-button';

async function submitName(name: string) {
  fireEvent.click(screen.getByTestId('create-project-button'));
  fireEvent.change(await screen.findByTestId('create-project-name'), { target: { value: name } });
  fireEvent.click(screen.getByTestId('create-project-submit'));
}

describe('create project', () => {
  it('creates the project with the session CSRF token and hands it on', async () => {
    const { calls } = mockApi({ 'POST /api/v1/projects': { status: 201, body: project } });
    const onCreated = vi.fn();
    renderWithApp(<CreateProjectButton onCreated={onCreated} />, { me: meAs('admin') });

    await submitName('Storefront');

    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(project));
    expect(calls[0]?.body).toEqual({ name: 'Storefront', description: '' });
    expect(calls[0]?.headers.get('x-csrf-token')).toBe('csrf-admin');
  });

  it('puts the server field errors on the fields, in the user language', async () => {
    mockApi({
      'POST /api/v1/projects': {
        status: 400,
        body: {
          error: {
            code: 'validation_failed',
            message: 'Invalid body',
            details: [{ path: 'name', message: 'Please input name' }],
          },
        },
      },
    });
    renderWithApp(<CreateProjectButton onCreated={vi.fn()} />, { me: meAs('owner') });

    await submitName('   x');

    expect(await screen.findByText('Please input name')).toBeTruthy();
    expect(screen.queryByTestId('server-error')).toBeNull();
  });

  it('shows a conflict above the form', async () => {
    mockApi({
      'POST /api/v1/projects': {
        status: 409,
        body: { error: { code: 'conflict', message: 'A project named Storefront exists' } },
      },
    });
    renderWithApp(<CreateProjectButton onCreated={vi.fn()} />, { me: meAs('owner') });

    await submitName('Storefront');

    expect((await screen.findByTestId('server-error')).textContent).toContain('A project named Storefront exists');
  });

  it('is not offered to a viewer', () => {
    mockApi({});
    renderWithApp(<CreateProjectButton onCreated={vi.fn()} />, { me: meAs('viewer') });
    expect(screen.queryByTestId('create-project-button')).toBeNull();
  });
});

describe('form labels', () => {
  it('binds every label to its field', async () => {
    mockApi({});
    renderWithApp(<CreateProjectButton onCreated={vi.fn()} />, { me: meAs('admin') });
    fireEvent.click(screen.getByRole('button'));
    await screen.findByRole('dialog');
    expect(unlabelledFields()).toEqual([]);
  });
});
