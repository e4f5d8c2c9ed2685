import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { checkoutFlag, flagsApiPath } from '../../../features/flags/testing/flag-fixtures';
import { meAs, project } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/mock-api';
import { renderWithApp } from '../../../testing/render';
import { FlagRoute } from './flag';
import { FlagsRoute } from './flags';
import { SegmentsRoute } from './segments';

const base = `/projects/${project.id}/flags`;
const flag = checkoutFlag();
const projectRoutes = {
  [`GET /api/v1/projects/${project.id}`]: { body: project },
  [`GET /api/v1/projects/${project.id}/segments`]: {
    body: {
      segments: [
        {
          id: 'sgStaff234567892',
          key: 'staff',
          name: 'Staff',
          description: '',
          conditions: [],
          createdAt: flag.createdAt,
          updatedAt: flag.createdAt,
        },
      ],
    },
  },
  [`GET ${flagsApiPath}/new-checkout`]: { body: flag },
};
const flagPage = { path: 'projects/:projectId/flags/:flagKey/:tab?', element: <FlagRoute /> };

describe('flag pages', () => {
  it('keep the list filters in the address, and open a flag from it', async () => {
    const { calls } = mockApi({
      ...projectRoutes,
      [`GET ${flagsApiPath}`]: { body: { flags: [flag], total: 1, nextOffset: null } },
    });
    const { router } = renderWithApp(<FlagsRoute />, {
      me: meAs('viewer'),
      path: '/projects/:projectId/flags',
      url: `${base}?type=boolean&status=all`,
      routes: [flagPage],
    });
    await screen.findByTestId('flag-link-new-checkout');
    const list = calls.find((call) => call.path === flagsApiPath);
    expect(list?.search.get('type')).toBe('boolean');
    expect(list?.search.get('status')).toBe('all');
    expect(screen.queryByTestId('create-flag-button')).toBeNull();

    fireEvent.click(within(screen.getByTestId('flag-filter-status')).getByText('Active'));
    await waitFor(() => expect(router.state.location.search).toBe('?type=boolean'));

    fireEvent.click(screen.getByTestId('flag-link-new-checkout'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${base}/new-checkout/targeting`));
    expect(await screen.findByTestId('flag-title')).toBeTruthy();
  });

  it('show one panel per environment, chosen in the address, and switch tabs', async () => {
    mockApi(projectRoutes);
    const { router } = renderWithApp(<FlagRoute />, {
      me: meAs('editor'),
      projectAccess: { role: 'editor', protectedEnvironments: true },
      path: flagPage.path,
      url: `${base}/new-checkout/targeting?environment=production`,
    });
    expect((await screen.findByTestId('flag-title')).textContent).toBe('New checkout');
    expect(await screen.findByTestId('rule-0')).toBeTruthy();
    // The experiments list is not served here: a rule's experiment is typed by key.
    fireEvent.click(within(screen.getByTestId('rule-0')).getByText("An experiment's version"));
    expect((await screen.findByTestId('rule-0-serve-experiment')).tagName).toBe('INPUT');

    fireEvent.click(screen.getByTestId('environment-tab-development'));
    await waitFor(() => expect(router.state.location.search).toBe('?environment=development'));
    expect(screen.getByTestId('rules-development-empty')).toBeTruthy();

    fireEvent.click(screen.getByTestId('flag-tab-test'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${base}/new-checkout/test`));
    expect(await screen.findByTestId('test-results')).toBeTruthy();
  });

  it('say so when a flag does not exist', async () => {
    mockApi({
      ...projectRoutes,
      [`GET ${flagsApiPath}/gone`]: { status: 404, body: { error: { code: 'not_found', message: 'Flag not found' } } },
    });
    renderWithApp(<FlagRoute />, { me: meAs('viewer'), path: flagPage.path, url: `${base}/gone` });
    expect(
      await screen.findByText('This project has no flag with the key "gone". It may have been deleted.'),
    ).toBeTruthy();
  });

  it('say so too for a key no flag can have, which the server refuses as invalid', async () => {
    const malformed = 'Bad Key!';
    mockApi({
      ...projectRoutes,
      [`GET ${flagsApiPath}/${encodeURIComponent(malformed)}`]: {
        status: 400,
        body: { error: { code: 'validation_failed', message: 'Invalid request: flagKey: Please input valid key' } },
      },
    });
    renderWithApp(<FlagRoute />, {
      me: meAs('viewer'),
      path: flagPage.path,
      url: `${base}/${encodeURIComponent(malformed)}`,
    });
    expect(await screen.findByText('Flag not found')).toBeTruthy();
    expect(screen.queryByText('Please check the form')).toBeNull();
  });

  it('list segments on their own page', async () => {
    mockApi(projectRoutes);
    renderWithApp(<SegmentsRoute />, {
      me: meAs('editor'),
      path: '/projects/:projectId/segments',
      url: `/projects/${project.id}/segments`,
    });
    expect(await screen.findByText('Staff')).toBeTruthy();
    expect(screen.getByTestId('create-segment-button')).toBeTruthy();
  });
});
