import type { ProjectMember, Role } from '@tabula/protocol';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ids, meAs, member, project } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/mock-api';
import { renderWithApp } from '../../../testing/render';
import { ProjectMembersTable } from './project-members-table';

const row = (role: Role, override: ProjectMember['override'] = { role: null, protectedEnvironments: false }) => ({
  user: member(role).user,
  organizationRole: role,
  override,
  access: { role: override.role ?? role, protectedEnvironments: role === 'owner' || role === 'admin' },
});

const base = `/api/v1/projects/${project.id}/members`;

function renderAs(role: Role) {
  const api = mockApi({
    [`GET ${base}`]: { body: { members: [row('owner'), row('admin'), row('editor'), row('viewer')] } },
    [`PUT ${base}/${ids.editor}`]: (call) => ({ body: row('editor', call.body as ProjectMember['override']) }),
  });
  renderWithApp(<ProjectMembersTable projectId={project.id} />, {
    me: meAs(role),
    projectAccess: { role, protectedEnvironments: role === 'owner' || role === 'admin' },
  });
  return api;
}

describe('project members', () => {
  it('lets an admin grant an editor protected environments, but not change owners or themself', async () => {
    const { calls } = renderAs('admin');
    await screen.findByText('editor@example.com');
    expect(screen.queryByTestId(`project-role-${ids.owner}`)).toBeNull();
    expect(screen.queryByTestId(`project-role-${ids.admin}`)).toBeNull();
    // A viewer changes nothing, so there is no grant to give them.
    expect(screen.queryByTestId(`project-protected-${ids.viewer}`)).toBeNull();

    fireEvent.click(screen.getByTestId(`project-protected-${ids.editor}`));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ role: null, protectedEnvironments: true }),
    );
  });

  it('shows a viewer everything and offers nothing to change', async () => {
    renderAs('viewer');
    await screen.findByText('editor@example.com');
    expect(screen.queryByTestId(`project-role-${ids.editor}`)).toBeNull();
    expect(screen.queryByTestId(`project-protected-${ids.editor}`)).toBeNull();
  });
});
