import { describe, expect, it } from 'vitest';
import { effectiveAccess } from './effective-access';

describe('effectiveAccess', () => {
  it('keeps the organization role and gives the grant to admins only when the project says nothing', () => {
    expect(effectiveAccess('viewer', null)).toEqual({ role: 'viewer', protectedEnvironments: false });
    expect(effectiveAccess('editor', null)).toEqual({ role: 'editor', protectedEnvironments: false });
    expect(effectiveAccess('admin', null)).toEqual({ role: 'admin', protectedEnvironments: true });
  });

  it('narrows or raises the role per project', () => {
    expect(effectiveAccess('admin', { role: 'viewer', protectedEnvironments: false }).role).toBe('viewer');
    expect(effectiveAccess('viewer', { role: 'editor', protectedEnvironments: false }).role).toBe('editor');
    expect(effectiveAccess('editor', { role: 'admin', protectedEnvironments: false })).toEqual({
      role: 'admin',
      protectedEnvironments: true,
    });
  });

  it('gives editors the protected-environment grant only when the project grants it', () => {
    expect(effectiveAccess('editor', { role: null, protectedEnvironments: true }).protectedEnvironments).toBe(true);
    // A viewer changes nothing, so the grant alone gives them nothing.
    expect(effectiveAccess('viewer', { role: null, protectedEnvironments: true }).protectedEnvironments).toBe(false);
    // An admin narrowed to editor loses the grant unless the project gives it.
    expect(effectiveAccess('admin', { role: 'editor', protectedEnvironments: false }).protectedEnvironments).toBe(
      false,
    );
  });

  it('never narrows an owner', () => {
    expect(effectiveAccess('owner', { role: 'viewer', protectedEnvironments: false })).toEqual({
      role: 'owner',
      protectedEnvironments: true,
    });
  });
});
