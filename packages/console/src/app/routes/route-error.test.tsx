import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useServerReachability } from '../../lib/server-reachability';
import { createTestQueryClient } from '../../testing/render';
import { AppProvider } from '../provider';
import { isPageCodeUnreachable, RouteError } from './route-error';

const renderFailingPage = (error: Error) => {
  const router = createMemoryRouter([
    {
      path: '/',
      errorElement: <RouteError />,
      lazy: async () => {
        throw error;
      },
    },
  ]);
  render(
    <AppProvider queryClient={createTestQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
};

describe('a page that cannot be shown', () => {
  it('says the server cannot be reached when the page’s code could not be fetched', async () => {
    renderFailingPage(new TypeError('Failed to fetch dynamically imported module: /assets/segments-1a2b.js'));
    expect(await screen.findByTestId('page-code-unreachable')).toBeTruthy();
    expect(screen.getByText('Cannot reach the server')).toBeTruthy();
    expect(screen.queryByText(/went wrong/i)).toBeNull();
    expect(useServerReachability.getState().unreachable).toBe(true);
  });

  it('still says a page crashed when its code ran and threw', async () => {
    renderFailingPage(new Error('boom'));
    expect(await screen.findByRole('button', { name: /reload/i })).toBeTruthy();
    expect(screen.queryByTestId('page-code-unreachable')).toBeNull();
    expect(useServerReachability.getState().unreachable).toBe(false);
  });

  it('tells a module that failed to load from other type errors', () => {
    expect(isPageCodeUnreachable(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isPageCodeUnreachable(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
  });
});
