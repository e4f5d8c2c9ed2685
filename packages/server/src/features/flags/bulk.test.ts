import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { addMember, asKey, call, createKey, createProject, signUp } from '../../../test/client';

type Caller = (options: InjectOptions) => ReturnType<typeof call>;

describe('bulk actions on flags', () => {
  const t = useTestApp();

  async function setUp(requiredApprovals = 0) {
    const owner = await signUp(t.app);
    const project = await createProject(t.app, owner);
    const base = `/api/v1/projects/${project.id}`;
    const asOwner: Caller = (options) => call(t.app, owner, options);
    if (requiredApprovals > 0) {
      const set = await asOwner({
        method: 'PATCH',
        url: `${base}/environments/production`,
        payload: { requiredApprovals },
      });
      expect(set.statusCode, set.body).toBe(200);
    }
    for (const key of ['alpha', 'beta', 'gamma']) {
      const created = await asOwner({
        method: 'POST',
        url: `${base}/flags`,
        payload: { key, name: key, type: 'boolean' },
      });
      expect(created.statusCode, created.body).toBe(201);
    }
    const member = async (role: 'editor' | 'viewer') => {
      const session = await addMember(t.app, owner, role);
      return ((options) => call(t.app, session, options)) as Caller;
    };
    const bulk = (caller: Caller, payload: object) => caller({ method: 'POST', url: `${base}/flags/bulk`, payload });
    const flag = async (key: string) => (await asOwner({ method: 'GET', url: `${base}/flags/${key}` })).json();
    const switchOn = async (key: string, env: string) => {
      const done = await asOwner({
        method: 'PUT',
        url: `${base}/flags/${key}/environments/${env}`,
        payload: { enabled: true },
      });
      expect(done.statusCode, done.body).toBe(200);
    };
    return { owner, project, base, asOwner, member, bulk, flag, switchOn };
  }

  it('applies, leaves alone, and refuses each flag on its own', async () => {
    const { project, asOwner, member, bulk, flag, switchOn } = await setUp();
    const editor = await member('editor');
    await switchOn('alpha', 'development');
    const history = async () =>
      (await asOwner({ method: 'GET', url: `/api/v1/audit?projectId=${project.id}&entityType=flag&limit=200` })).json()
        .entries.length as number;
    const before = await history();

    const switched = await bulk(editor, {
      action: 'switch',
      flags: ['alpha', 'beta', 'missing'],
      environment: 'development',
      enabled: true,
    });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json().results).toEqual([
      { flag: 'alpha', outcome: 'unchanged', changeRequest: null, error: null },
      { flag: 'beta', outcome: 'applied', changeRequest: null, error: null },
      {
        flag: 'missing',
        outcome: 'refused',
        changeRequest: null,
        error: { code: 'not_found', message: 'Flag not found' },
      },
    ]);
    expect((await flag('beta')).environments.development.enabled).toBe(true);
    // Only the applied switch is logged.
    expect(await history()).toBe(before + 1);
  });

  it('sends switches in an environment that requires approvals to one draft change request', async () => {
    const { base, member, bulk, flag } = await setUp(1);
    const editor = await member('editor');
    const requested = await bulk(editor, {
      action: 'switch',
      flags: ['alpha', 'beta'],
      environment: 'production',
      enabled: true,
    });
    expect(requested.statusCode, requested.body).toBe(200);
    const [alpha, beta] = requested.json().results;
    expect(alpha).toMatchObject({ flag: 'alpha', outcome: 'requested', error: null });
    expect(beta).toMatchObject({ flag: 'beta', outcome: 'requested', error: null });
    expect(alpha.changeRequest).toEqual({ id: expect.any(String), number: 1 });
    expect(beta.changeRequest).toEqual(alpha.changeRequest);
    expect((await flag('alpha')).environments.production.enabled).toBe(false);

    const draft = (await editor({ method: 'GET', url: `${base}/change-requests/${alpha.changeRequest.id}` })).json();
    expect(draft.status).toBe('draft');
    expect(draft.changes.map((change: { operation: unknown }) => change.operation)).toEqual([
      { kind: 'flag.environment', flag: 'alpha', environment: 'production', change: { enabled: true } },
      { kind: 'flag.environment', flag: 'beta', environment: 'production', change: { enabled: true } },
    ]);
  });

  it('refuses protected environments to an editor without the grant, with the single route’s error', async () => {
    const { base, member, bulk, flag, switchOn } = await setUp();
    const editor = await member('editor');
    await switchOn('alpha', 'production');

    const single = await editor({
      method: 'PUT',
      url: `${base}/flags/beta/environments/production`,
      payload: { enabled: true },
    });
    expect(single.statusCode).toBe(403);
    const switched = await bulk(editor, {
      action: 'switch',
      flags: ['beta'],
      environment: 'production',
      enabled: true,
    });
    expect(switched.json().results).toEqual([
      {
        flag: 'beta',
        outcome: 'refused',
        changeRequest: null,
        error: { code: 'protected_environment', message: single.json().error.message },
      },
    ]);

    // Archiving reaches production only where the flag is on there.
    const archived = await bulk(editor, { action: 'archive', flags: ['alpha', 'beta'] });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json().results.map((item: { outcome: string }) => item.outcome)).toEqual(['refused', 'applied']);
    expect(archived.json().results[0].error.code).toBe('protected_environment');
    expect((await flag('alpha')).archivedAt).toBeNull();
    expect((await flag('beta')).archivedAt).not.toBeNull();

    const restored = await bulk(editor, { action: 'restore', flags: ['beta', 'gamma'] });
    expect(restored.json().results.map((item: { outcome: string }) => item.outcome)).toEqual(['applied', 'unchanged']);
    expect((await flag('beta')).archivedAt).toBeNull();
  });

  it('refuses archiving a prerequisite of another flag and archives the rest', async () => {
    const { base, asOwner, bulk, flag } = await setUp();
    const required = await asOwner({
      method: 'PUT',
      url: `${base}/flags/beta/environments/development`,
      payload: { prerequisites: [{ flag: 'alpha', variants: ['on'] }] },
    });
    expect(required.statusCode, required.body).toBe(200);
    const archived = await bulk(asOwner, { action: 'archive', flags: ['alpha', 'gamma'] });
    const [alpha, gamma] = archived.json().results;
    expect(alpha).toMatchObject({ outcome: 'refused', error: { code: 'conflict' } });
    expect(alpha.error.message).toContain('is a prerequisite of beta');
    expect(gamma.outcome).toBe('applied');
    expect((await flag('alpha')).archivedAt).toBeNull();
  });

  it('takes API keys, and the grant a key carries', async () => {
    const { owner, project, bulk } = await setUp();
    const created = await createKey(t.app, owner, project.id, 'secret', { protectedEnvironments: true });
    const key: Caller = (options) => asKey(t.app, created.key, options);
    const switched = await bulk(key, { action: 'switch', flags: ['alpha'], environment: 'production', enabled: true });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json().results[0].outcome).toBe('applied');
  });

  it('refuses bad bodies whole, and viewers', async () => {
    const { asOwner, member, bulk, flag } = await setUp();
    const bad = [
      { action: 'archive', flags: [] },
      { action: 'archive', flags: ['alpha', 'alpha'] },
      { action: 'archive', flags: Array.from({ length: 101 }, (_, index) => `flag-${index}`) },
      { action: 'delete', flags: ['alpha'] },
      { action: 'switch', flags: ['alpha'], enabled: true },
      { action: 'switch', flags: ['alpha'], environment: 'production' },
      { action: 'archive', flags: ['alpha'], environment: 'production' },
      { action: 'switch', flags: ['alpha'], environment: 'staging', enabled: true },
    ];
    for (const payload of bad) {
      const refused = await bulk(asOwner, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const viewer = await member('viewer');
    const forbidden = await bulk(viewer, { action: 'archive', flags: ['alpha'] });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.code).toBe('forbidden');
    const alpha = await flag('alpha');
    expect(alpha.archivedAt).toBeNull();
    expect(alpha.environments.production.enabled).toBe(false);
  });
});
