import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { meAs } from '../testing/fixtures';
import { renderWithApp } from '../testing/render';
import { ProtectedRoute } from './protected-route';

const page = (
  <ProtectedRoute>
    <p>Secret page</p>
  </ProtectedRoute>
);
const loginStandIn = { path: '/login', element: <p>Login page</p> };

describe('route guard', () => {
  it('sends a visitor to sign in, remembering where they were going', async () => {
    const { router } = renderWithApp(page, {
      path: '/audit',
      url: '/audit?entityType=project',
      routes: [loginStandIn],
    });

    expect(await screen.findByText('Login page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('redirectTo')).toBe('/audit?entityType=project');
  });

  it('lets a signed-in user through', async () => {
    renderWithApp(page, { me: meAs('viewer'), path: '/audit', routes: [loginStandIn] });
    expect(await screen.findByText('Secret page')).toBeTruthy();
  });
});
