import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { NotFound } from '../components/errors/not-found';
import { FullPageSpin } from '../components/full-page-spin';
import { ProtectedRoute } from '../lib/protected-route';
import { AppLayout } from './layout/app-layout';
import { MfaSetupGuard } from './mfa-setup-guard';
import { ACCOUNT_PATH } from './paths';
import { ProjectGuard } from './project-guard';
import { RouteError } from './routes/route-error';

// Pages load on demand: the sign-in page does not wait for the audit log's code.
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullPageSpin />,
    children: [
      { path: '/login', lazy: async () => ({ Component: (await import('./routes/auth/login')).LoginRoute }) },
      { path: '/signup', lazy: async () => ({ Component: (await import('./routes/auth/signup')).SignupRoute }) },
      { path: '/invite/:token', lazy: async () => ({ Component: (await import('./routes/auth/invite')).InviteRoute }) },
      {
        path: '/reset-password/:token',
        lazy: async () => ({ Component: (await import('./routes/auth/reset-password')).ResetPasswordRoute }),
      },
      {
        path: '/auth/callback',
        lazy: async () => ({ Component: (await import('./routes/auth/callback')).CallbackRoute }),
      },
      {
        path: '/',
        element: (
          <ProtectedRoute>
            <MfaSetupGuard>
              <AppLayout />
            </MfaSetupGuard>
          </ProtectedRoute>
        ),
        children: [
          {
            // Inside the layout, so a crashing page keeps the sider and header around its error message.
            errorElement: <RouteError />,
            children: [
              { index: true, element: <Navigate to="/projects" replace /> },
              {
                path: 'projects',
                lazy: async () => ({ Component: (await import('./routes/app/projects')).ProjectsRoute }),
              },
              {
                path: 'projects/:projectId',
                element: <ProjectGuard />,
                children: [
                  {
                    index: true,
                    lazy: async () => ({ Component: (await import('./routes/app/project-home')).ProjectHomeRoute }),
                  },
                  {
                    path: 'settings/:tab?',
                    lazy: async () => ({
                      Component: (await import('./routes/app/project-settings')).ProjectSettingsRoute,
                    }),
                  },
                  {
                    path: 'integration',
                    lazy: async () => ({ Component: (await import('./routes/app/integration')).IntegrationRoute }),
                  },
                  {
                    path: 'flags',
                    lazy: async () => ({ Component: (await import('./routes/app/flags')).FlagsRoute }),
                  },
                  {
                    path: 'flags/:flagKey/:tab?',
                    lazy: async () => ({ Component: (await import('./routes/app/flag')).FlagRoute }),
                  },
                  {
                    path: 'change-requests',
                    lazy: async () => ({
                      Component: (await import('./routes/app/change-requests')).ChangeRequestsRoute,
                    }),
                  },
                  {
                    path: 'change-requests/:changeRequestId',
                    lazy: async () => ({ Component: (await import('./routes/app/change-request')).ChangeRequestRoute }),
                  },
                  {
                    path: 'segments',
                    lazy: async () => ({ Component: (await import('./routes/app/segments')).SegmentsRoute }),
                  },
                  {
                    path: 'experiments',
                    lazy: async () => ({ Component: (await import('./routes/app/experiments')).ExperimentsRoute }),
                  },
                  {
                    path: 'experiment-templates',
                    lazy: async () => ({
                      Component: (await import('./routes/app/experiment-templates')).ExperimentTemplatesRoute,
                    }),
                  },
                  {
                    path: 'experiments/new',
                    lazy: async () => ({
                      Component: (await import('./routes/app/experiment-wizard')).ExperimentWizardRoute,
                    }),
                  },
                  {
                    path: 'experiments/:experimentKey/edit',
                    lazy: async () => ({
                      Component: (await import('./routes/app/experiment-wizard')).ExperimentWizardRoute,
                    }),
                  },
                  {
                    path: 'experiments/:experimentKey/:tab?',
                    lazy: async () => ({ Component: (await import('./routes/app/experiment')).ExperimentRoute }),
                  },
                  {
                    path: 'metrics',
                    lazy: async () => ({ Component: (await import('./routes/app/metrics')).MetricsRoute }),
                  },
                  {
                    path: 'layers',
                    lazy: async () => ({ Component: (await import('./routes/app/layers')).LayersRoute }),
                  },
                ],
              },
              {
                path: 'organization/:tab?',
                lazy: async () => ({ Component: (await import('./routes/app/organization')).OrganizationRoute }),
              },
              { path: 'audit', lazy: async () => ({ Component: (await import('./routes/app/audit')).AuditRoute }) },
              {
                path: 'diagnostics',
                lazy: async () => ({ Component: (await import('./routes/app/diagnostics')).DiagnosticsRoute }),
              },
              {
                path: ACCOUNT_PATH.slice(1),
                lazy: async () => ({ Component: (await import('./routes/app/account')).AccountRoute }),
              },
              {
                path: 'settings',
                lazy: async () => ({ Component: (await import('./routes/app/settings')).SettingsRoute }),
              },
              { path: '*', element: <NotFound /> },
            ],
          },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
export type AppRouter = ReturnType<typeof createAppRouter>;
