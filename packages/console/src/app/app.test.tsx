import type { AuthSetup, Me } from '@tabula/protocol';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { setSession } from '../lib/auth';
import { queryKeys } from '../lib/query-keys';
import { meAs, project } from '../testing/fixtures';
import { mockApi } from '../testing/mock-api';
import { createTestQueryClient } from '../testing/render';
import { AppProvider } from './provider';
import { routes } from './router';

const setup = (signupOpen: boolean): AuthSetup => ({ signupOpen, sso: { enabled: true, label: 'Acme SSO' } });

function renderConsole(url: string, me: Me | null, authSetup = setup(false)) {
  const queryClient = createTestQueryClient();
  setSession(queryClient, me);
  queryClient.setQueryData(queryKeys.setup, authSetup);
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

describe('the console', () => {
  it('sends a visitor to sign in and, once signed in, back to the page they asked for', async () => {
    mockApi({
      'POST /api/v1/auth/login': { body: meAs('admin') },
      'GET /api/v1/projects': { body: { projects: [project] } },
    });
    const router = renderConsole('/audit?entityType=project', null);

    expect(await screen.findByTestId('sso-button')).toBeTruthy();
    expect(screen.getByTestId('sso-button').textContent).toContain('Sign in with Acme SSO');
    fireEvent.change(screen.getByTestId('login-email'), { target: { value: 'admin@example.com' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'long enough' } });
    fireEvent.click(screen.getByTestId('login-submit'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/audit'));
    expect(router.state.location.search).toBe('?entityType=project');
  });

  it('opens on sign-up when nobody has signed up yet', async () => {
    mockApi({});
    const router = renderConsole('/', null, setup(true));
    expect(await screen.findByTestId('signup-submit')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/signup');
  });

  it('shows the projects with an empty state that offers to create one', async () => {
    mockApi({ 'GET /api/v1/projects': { body: { projects: [] } } });
    renderConsole('/', meAs('admin'));
    expect(await screen.findByText('No projects yet')).toBeTruthy();
    expect(screen.getByTestId('create-project-button-empty')).toBeTruthy();
    expect(screen.getByTestId('nav-projects')).toBeTruthy();
  });

  it('switches language at once, everywhere', async () => {
    mockApi({ 'GET /api/v1/projects': { body: { projects: [project] } } });
    renderConsole('/settings', meAs('viewer'));

    const select = await screen.findByTestId('language-select');
    fireEvent.mouseDown(select.querySelector('input') ?? select);
    fireEvent.click(await screen.findByTestId('language-option-ja'));

    expect(await screen.findByText('言語')).toBeTruthy();
    expect(screen.getByTestId('nav-members').textContent).toBe('メンバー');
    expect(document.documentElement.lang).toBe('ja');
  });

  it('keeps the menu in a drawer on a phone, opened from the header and closed by choosing a page', async () => {
    // A 390 px screen: only the media queries below that width match.
    vi.stubGlobal('matchMedia', (media: string) => ({
      media,
      matches: Number(/min-width:\s*(\d+)px/.exec(media)?.[1] ?? 0) <= 390,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    }));
    mockApi({ 'GET /api/v1/projects': { body: { projects: [project] } } });
    const router = renderConsole('/settings', meAs('admin'));

    fireEvent.click(await screen.findByTestId('nav-open'));
    expect(screen.queryByTestId('sider')).toBeNull();
    expect(screen.getByTestId('nav-drawer').closest('.ant-drawer-open')).toBeTruthy();
    fireEvent.click(await screen.findByTestId('nav-audit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/audit'));
    await waitFor(() => expect(screen.getByTestId('nav-drawer').closest('.ant-drawer-open')).toBeNull());
  });

  it('answers an unknown address with a 404 page inside the layout', async () => {
    mockApi({ 'GET /api/v1/projects': { body: { projects: [] } } });
    renderConsole('/no/such/page', meAs('viewer'));
    expect(await screen.findByText('Page not found')).toBeTruthy();
    expect(screen.getByTestId('sider')).toBeTruthy();
  });

  describe('an address naming no project', () => {
    it('says the project is not found for an id that cannot be one, beside the menu', async () => {
      mockApi({ 'GET /api/v1/projects': { body: { projects: [project] } } });
      renderConsole('/projects/flags', meAs('viewer'));
      expect(await screen.findByText('Project not found')).toBeTruthy();
      expect(screen.getByTestId('sider')).toBeTruthy();
      expect(screen.queryByText('Please check the form')).toBeNull();
    });

    it('says so when the project is gone, in place of the page', async () => {
      const gone = 'AAAAAAAAAAAAAAAA';
      mockApi({
        'GET /api/v1/projects': { body: { projects: [project] } },
        [`GET /api/v1/projects/${gone}`]: {
          status: 404,
          body: { error: { code: 'not_found', message: 'Project not found' } },
        },
      });
      renderConsole(`/projects/${gone}/experiments`, meAs('viewer'));
      expect(await screen.findByText(/it may have been deleted, or the address is mistyped/)).toBeTruthy();
      expect(screen.queryByTestId('create-experiment-button')).toBeNull();
    });

    it("shows the project's pages when it is there", async () => {
      mockApi({
        'GET /api/v1/projects': { body: { projects: [project] } },
        [`GET /api/v1/projects/${project.id}`]: { body: project },
      });
      renderConsole(`/projects/${project.id}/settings`, meAs('admin'));
      expect(await screen.findByTestId('tab-general')).toBeTruthy();
      expect(screen.queryByText('Project not found')).toBeNull();
    });
  });

  it('hides the invitations tab from an editor', async () => {
    mockApi({ 'GET /api/v1/members': { body: { members: [] } }, 'GET /api/v1/projects': { body: { projects: [] } } });
    renderConsole('/organization', meAs('editor'));
    expect(await screen.findByTestId('tab-members')).toBeTruthy();
    expect(screen.queryByTestId('tab-invitations')).toBeNull();
  });
});
