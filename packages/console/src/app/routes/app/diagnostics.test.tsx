import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { can } from '../../../lib/authorization';
import { meAs } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/mock-api';
import { renderWithApp } from '../../../testing/render';
import { NAV_ITEMS, resolveNavItems } from '../../navigation';
import { DiagnosticsRoute } from './diagnostics';

describe('the diagnostics page', () => {
  it('is in the sider for admins and owners only', () => {
    for (const [role, shown] of [
      ['owner', true],
      ['admin', true],
      ['editor', false],
      ['viewer', false],
    ] as const) {
      const items = resolveNavItems(NAV_ITEMS, { projectId: null, allowed: (permission) => can(role, permission) });
      expect(
        items.some((item) => item.key === 'diagnostics'),
        role,
      ).toBe(shown);
    }
  });

  it('shows an admin where the console runs, its errors and its vitals', async () => {
    mockApi({
      'GET /api/v1/diagnostics/errors': { body: { groups: [] } },
      'GET /api/v1/diagnostics/vitals': { body: { summaries: [] } },
    });
    renderWithApp(<DiagnosticsRoute />, { me: meAs('admin') });
    expect(screen.getByTestId('diagnostics-env').textContent).toBe('gcp/prod');
    expect(await screen.findByText('No errors reported')).toBeTruthy();
    expect(await screen.findByText('No measurements yet')).toBeTruthy();
  });

  it('tells an editor it is for admins, without asking the server', () => {
    const { calls } = mockApi({});
    renderWithApp(<DiagnosticsRoute />, { me: meAs('editor') });
    expect(screen.getByTestId('diagnostics-admins-only').textContent).toContain(
      'Diagnostics are for admins and owners.',
    );
    expect(calls).toEqual([]);
  });
});
