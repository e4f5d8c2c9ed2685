import type { Me, ProjectAccess } from '@tabula/protocol';
import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { AppProvider } from '../app/provider';
import { setSession } from '../lib/auth';
import { ProjectAccessContext } from '../lib/authorization';
import { createQueryClient } from '../lib/query-client';

interface RenderOptions {
  /** Signed in as this user; null for a visitor. */
  me?: Me | null;
  /** The route pattern the element is mounted at, e.g. `/projects/:projectId`. */
  path?: string;
  /** The address the test starts at. */
  url?: string;
  /** Extra routes next to the element, e.g. a stand-in login page. */
  routes?: RouteObject[];
  queryClient?: QueryClient;
  /** What the user may do in the project on screen, as the app layout would provide it. */
  projectAccess?: ProjectAccess;
}

export function createTestQueryClient(): QueryClient {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } });
  return queryClient;
}

/** Renders inside the console's real providers and a memory router. */
export function renderWithApp(element: ReactElement, options: RenderOptions = {}) {
  const { me = null, path = '/', url = path, routes = [], projectAccess = null } = options;
  const queryClient = options.queryClient ?? createTestQueryClient();
  setSession(queryClient, me);
  const scoped = <ProjectAccessContext.Provider value={projectAccess}>{element}</ProjectAccessContext.Provider>;
  const router = createMemoryRouter([{ path, element: scoped }, ...routes], { initialEntries: [url] });
  const result = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router, queryClient };
}
