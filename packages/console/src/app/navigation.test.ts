import { describe, expect, it } from 'vitest';
import { NAV_ITEMS, resolveNavItems, selectedNavKey } from './navigation';

describe('sider registry', () => {
  it('fills project entries with the current project and leaves them out without one', () => {
    const withProject = resolveNavItems(NAV_ITEMS, { projectId: 'p1', allowed: () => true });
    expect(withProject.find((item) => item.key === 'project-settings')?.href).toBe('/projects/p1/settings');

    const without = resolveNavItems(NAV_ITEMS, { projectId: null, allowed: () => true });
    expect(without.some((item) => item.key === 'project-settings')).toBe(false);
  });

  it('hides entries whose permission the role lacks', () => {
    const items = [
      ...NAV_ITEMS,
      { ...NAV_ITEMS[0]!, key: 'secret', path: '/secret', permission: 'member:manage' as const },
    ];
    expect(
      resolveNavItems(items, { projectId: null, allowed: () => false }).some((item) => item.key === 'secret'),
    ).toBe(false);
  });

  it('selects the most specific entry for the current page', () => {
    const items = resolveNavItems(NAV_ITEMS, { projectId: 'p1', allowed: () => true });
    expect(selectedNavKey(items, '/projects/p1/settings/api-keys')).toBe('project-settings');
    expect(selectedNavKey(items, '/projects')).toBe('projects');
    expect(selectedNavKey(items, '/projects/p1')).toBe('project-home');
    expect(selectedNavKey(items, '/projects/p1/flags')).toBe('flags');
    expect(selectedNavKey(items, '/organization/invitations')).toBe('members');
    expect(selectedNavKey(items, '/nowhere')).toBeUndefined();
  });
});
