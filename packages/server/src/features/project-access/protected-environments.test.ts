import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { addMember, asKey, call, createKey, createProject, signUp } from '../../../test/client';

type Caller = (options: InjectOptions) => ReturnType<typeof call>;
type Outcome = 'allowed' | 'forbidden' | 'protected';

describe('protected environments and project roles', () => {
  const t = useTestApp();

  async function setUp() {
    const owner = await signUp(t.app);
    const project = await createProject(t.app, owner);
    const base = `/api/v1/projects/${project.id}`;
    const asOwner: Caller = (options) => call(t.app, owner, options);
    const member = async (role: 'admin' | 'editor' | 'viewer', override?: Record<string, unknown>) => {
      const session = await addMember(t.app, owner, role);
      if (override) {
        const set = await asOwner({ method: 'PUT', url: `${base}/members/${session.me.user.id}`, payload: override });
        expect(set.statusCode, set.body).toBe(200);
      }
      return ((options) => call(t.app, session, options)) as Caller;
    };
    const key = async (grant: { role?: 'admin' | 'editor' | 'viewer'; protectedEnvironments?: boolean }) => {
      const created = await createKey(t.app, owner, project.id, 'secret', grant);
      return ((options) => asKey(t.app, created.key, options)) as Caller;
    };
    const callers: Record<string, Caller> = {
      owner: asOwner,
      admin: await member('admin'),
      editor: await member('editor'),
      'editor granted production': await member('editor', { role: null, protectedEnvironments: true }),
      'editor raised to admin here': await member('editor', { role: 'admin', protectedEnvironments: false }),
      'admin narrowed to editor here': await member('admin', { role: 'editor', protectedEnvironments: false }),
      'viewer raised to editor here': await member('viewer', { role: 'editor', protectedEnvironments: false }),
      viewer: await member('viewer'),
      'viewer granted production': await member('viewer', { role: null, protectedEnvironments: true }),
      'secret key': await key({}),
      'secret key granted production': await key({ protectedEnvironments: true }),
      'viewer secret key': await key({ role: 'viewer', protectedEnvironments: true }),
    };
    return { owner, project, base, asOwner, callers };
  }

  /** Who may change an unprotected environment, and who a protected one. */
  const EXPECTED: Record<string, { open: Outcome; guarded: Outcome }> = {
    owner: { open: 'allowed', guarded: 'allowed' },
    admin: { open: 'allowed', guarded: 'allowed' },
    editor: { open: 'allowed', guarded: 'protected' },
    'editor granted production': { open: 'allowed', guarded: 'allowed' },
    'editor raised to admin here': { open: 'allowed', guarded: 'allowed' },
    'admin narrowed to editor here': { open: 'allowed', guarded: 'protected' },
    'viewer raised to editor here': { open: 'allowed', guarded: 'protected' },
    viewer: { open: 'forbidden', guarded: 'forbidden' },
    'viewer granted production': { open: 'forbidden', guarded: 'forbidden' },
    'secret key': { open: 'allowed', guarded: 'protected' },
    'secret key granted production': { open: 'allowed', guarded: 'allowed' },
    'viewer secret key': { open: 'forbidden', guarded: 'forbidden' },
  };

  function expectOutcome(response: Awaited<ReturnType<Caller>>, outcome: Outcome, who: string) {
    const label = `${who}: ${response.body}`;
    if (outcome === 'allowed') return expect(response.statusCode, label).toBeLessThan(300);
    expect(response.statusCode, label).toBe(403);
    expect(response.json().error.code, label).toBe(outcome === 'protected' ? 'protected_environment' : 'forbidden');
  }

  it('makes production protected on new projects and shows each caller their own access', async () => {
    const { project, base, callers } = await setUp();
    expect(project.environments.map((env) => [env.key, env.protected])).toEqual([
      ['development', false],
      ['production', true],
    ]);
    expect(project.access).toEqual({ role: 'owner', protectedEnvironments: true });
    const seen = await callers['admin narrowed to editor here']!({ method: 'GET', url: base });
    expect(seen.json().access).toEqual({ role: 'editor', protectedEnvironments: false });
    const listed = await callers['editor granted production']!({ method: 'GET', url: '/api/v1/projects' });
    expect(listed.json().projects[0].access).toEqual({ role: 'editor', protectedEnvironments: true });
  });

  it('checks every flag change against the environment it reaches, for every role', async () => {
    const { base, asOwner, callers } = await setUp();
    const created = await asOwner({
      method: 'POST',
      url: `${base}/flags`,
      payload: { key: 'banner', name: 'Banner', type: 'boolean' },
    });
    expect(created.statusCode, created.body).toBe(201);
    for (const [who, caller] of Object.entries(callers)) {
      for (const [env, expected] of [
        ['development', EXPECTED[who]!.open],
        ['production', EXPECTED[who]!.guarded],
      ] as const) {
        const other = env === 'production' ? 'development' : 'production';
        const switched = await caller({
          method: 'PUT',
          url: `${base}/flags/banner/environments/${env}`,
          payload: { enabled: false },
        });
        expectOutcome(switched, expected, `${who} switching ${env}`);
        const copied = await caller({
          method: 'POST',
          url: `${base}/flags/banner/environments/copy`,
          payload: { from: other, to: env },
        });
        expectOutcome(copied, expected, `${who} copying rules into ${env}`);
      }
    }
  });

  it('guards the values, archiving and deleting of a flag that is on in a protected environment only', async () => {
    const { base, asOwner, callers } = await setUp();
    const editor = callers.editor!;
    for (const key of ['live', 'dormant']) {
      await asOwner({ method: 'POST', url: `${base}/flags`, payload: { key, name: key, type: 'boolean' } });
    }
    await asOwner({ method: 'PUT', url: `${base}/flags/live/environments/production`, payload: { enabled: true } });
    const variants = [
      { key: 'on', value: true },
      { key: 'off', value: true },
    ];

    const renamed = await editor({ method: 'PATCH', url: `${base}/flags/live`, payload: { name: 'Renamed' } });
    expectOutcome(renamed, 'allowed', 'editor renaming a live flag');
    expectOutcome(
      await editor({ method: 'PATCH', url: `${base}/flags/live`, payload: { variants } }),
      'protected',
      'editor changing served values',
    );
    expectOutcome(await editor({ method: 'POST', url: `${base}/flags/live/archive` }), 'protected', 'archive live');
    expectOutcome(await editor({ method: 'DELETE', url: `${base}/flags/live` }), 'protected', 'delete live');

    expectOutcome(
      await editor({ method: 'PATCH', url: `${base}/flags/dormant`, payload: { variants } }),
      'allowed',
      'editor changing a flag that is off in production',
    );
    expectOutcome(await editor({ method: 'POST', url: `${base}/flags/dormant/archive` }), 'allowed', 'archive');
    // A refused change changed nothing.
    const live = await asOwner({ method: 'GET', url: `${base}/flags/live` });
    expect(live.json()).toMatchObject({ archivedAt: null, variants: [{ value: true }, { value: false }] });
  });

  it('guards starting, changing and stopping experiments, which are served in every environment', async () => {
    const { base, asOwner, callers } = await setUp();
    const editor = callers.editor!;
    const granted = callers['editor granted production']!;
    const draft = (key: string) =>
      asOwner({
        method: 'POST',
        url: `${base}/experiments`,
        payload: { key, name: key },
      });
    for (const key of ['first', 'second']) expect((await draft(key)).statusCode).toBe(201);

    // A draft is nobody's production: editors shape it freely.
    expectOutcome(
      await editor({ method: 'PATCH', url: `${base}/experiments/first`, payload: { name: 'First test' } }),
      'allowed',
      'editor editing a draft',
    );
    expectOutcome(await editor({ method: 'POST', url: `${base}/experiments/first/start` }), 'protected', 'start');
    expectOutcome(await granted({ method: 'POST', url: `${base}/experiments/first/start` }), 'allowed', 'start');
    expectOutcome(
      await editor({ method: 'PATCH', url: `${base}/experiments/first`, payload: { traffic: 5000 } }),
      'protected',
      'editor changing a running experiment',
    );
    expectOutcome(await editor({ method: 'POST', url: `${base}/experiments/first/pause` }), 'protected', 'pause');
    expectOutcome(
      await editor({ method: 'POST', url: `${base}/experiments/first/stop`, payload: { outcome: 'inconclusive' } }),
      'protected',
      'stop',
    );

    // Without a protected environment in the project, editors run experiments as before.
    const unprotect = await asOwner({
      method: 'PATCH',
      url: `${base}/environments/production`,
      payload: { protected: false },
    });
    expect(unprotect.json()).toMatchObject({ key: 'production', protected: false });
    expectOutcome(await editor({ method: 'POST', url: `${base}/experiments/second/start` }), 'allowed', 'start');
  });

  it('guards a segment edit where the segment reaches a protected environment', async () => {
    const { base, asOwner, callers } = await setUp();
    const editor = callers.editor!;
    const segment = (key: string) =>
      asOwner({
        method: 'POST',
        url: `${base}/segments`,
        payload: { key, name: key, conditions: [{ attribute: 'country', operator: 'eq', values: ['NL'] }] },
      });
    for (const key of ['dutch', 'unused']) expect((await segment(key)).statusCode).toBe(201);
    await asOwner({ method: 'POST', url: `${base}/flags`, payload: { key: 'promo', name: 'Promo', type: 'boolean' } });
    const rule = await asOwner({
      method: 'PUT',
      url: `${base}/flags/promo/environments/production`,
      payload: { enabled: false, rules: [{ segments: ['dutch'], serve: { kind: 'variant', variant: 'on' } }] },
    });
    expect(rule.statusCode, rule.body).toBe(200);

    const edit = (key: string) =>
      editor({ method: 'PATCH', url: `${base}/segments/${key}`, payload: { description: 'Changed' } });
    expectOutcome(await edit('dutch'), 'protected', 'editor editing a segment production uses');
    expectOutcome(await edit('unused'), 'allowed', 'editor editing an unused segment');
  });

  it('lets admins set project access, refuses bad settings, and audits each change', async () => {
    const { owner, base, asOwner, callers } = await setUp();
    const target = (await asOwner({ method: 'GET', url: `${base}/members` })).json().members as {
      user: { id: string };
      organizationRole: string;
      override: { role: string | null };
    }[];
    const editorRow = target.find((row) => row.organizationRole === 'editor' && row.override.role === null)!;
    const put = (who: Caller, userId: string, payload: unknown) =>
      who({ method: 'PUT', url: `${base}/members/${userId}`, payload: payload as Record<string, unknown> });

    for (const payload of [
      { role: 'owner', protectedEnvironments: false },
      { role: 'editor' },
      { role: 'editor', protectedEnvironments: 'yes' },
      { role: null, protectedEnvironments: false, extra: 1 },
    ]) {
      const refused = await put(asOwner, editorRow.user.id, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(
      (await put(callers.editor!, editorRow.user.id, { role: 'admin', protectedEnvironments: true })).statusCode,
    ).toBe(403);
    expect((await put(asOwner, owner.me.user.id, { role: 'viewer', protectedEnvironments: false })).statusCode).toBe(
      403,
    );
    expect((await put(asOwner, 'NoSuchUser234567', { role: null, protectedEnvironments: true })).statusCode).toBe(404);

    const granted = await put(callers.admin!, editorRow.user.id, { role: null, protectedEnvironments: true });
    expect(granted.json()).toMatchObject({
      organizationRole: 'editor',
      override: { role: null, protectedEnvironments: true },
      access: { role: 'editor', protectedEnvironments: true },
    });
    const audit = await asOwner({ method: 'GET', url: `/api/v1/audit?entityId=${editorRow.user.id}` });
    expect(audit.json().entries[0]).toMatchObject({
      action: 'project_member.updated',
      before: { role: null, protectedEnvironments: false },
      after: { role: null, protectedEnvironments: true },
    });
  });

  it('keeps another organization out of the project and its members', async () => {
    const { base } = await setUp();
    const stranger = await signUp(t.app, 'stranger');
    expect((await call(t.app, stranger, { method: 'GET', url: `${base}/members` })).statusCode).toBe(404);
  });
});
