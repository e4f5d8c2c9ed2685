import { CONDITION_OPERATORS } from '@tabula/protocol';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { addMember, asKey, call, createKey, createProject, type Session, signUp } from '../../../test/client';
import { addExperiment, fetchPayload } from '../../../test/sdk';

describe('flags', () => {
  const t = useTestApp();

  async function setUp() {
    const owner = await signUp(t.app);
    const project = await createProject(t.app, owner);
    const base = `/api/v1/projects/${project.id}/flags`;
    const as = (session: Session, options: InjectOptions) => call(t.app, session, options);
    const create = (payload: Record<string, unknown>) => as(owner, { method: 'POST', url: base, payload });
    return { owner, project, base, as, create };
  }

  it('creates, reads, edits, archives, restores and deletes a flag', async () => {
    const { owner, base, as, create } = await setUp();
    const created = await create({ key: 'new-checkout', name: 'New checkout', type: 'boolean', tags: ['shop'] });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      key: 'new-checkout',
      variants: [
        { key: 'on', value: true },
        { key: 'off', value: false },
      ],
      defaultVariant: 'on',
      offVariant: 'off',
      tags: ['shop'],
      archivedAt: null,
      environments: {
        development: { enabled: false, rules: [], updatedAt: null },
        production: { enabled: false, rules: [], updatedAt: null },
      },
    });

    const duplicate = await create({ key: 'new-checkout', name: 'Again', type: 'boolean' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.code).toBe('conflict');

    const edited = await as(owner, {
      method: 'PATCH',
      url: `${base}/new-checkout`,
      payload: { name: 'Checkout v2', description: 'The one-page checkout' },
    });
    expect(edited.json()).toMatchObject({
      key: 'new-checkout',
      name: 'Checkout v2',
      description: 'The one-page checkout',
    });
    const rekey = await as(owner, { method: 'PATCH', url: `${base}/new-checkout`, payload: { key: 'other' } });
    expect(rekey.statusCode).toBe(400);

    const early = await as(owner, { method: 'DELETE', url: `${base}/new-checkout` });
    expect(early.statusCode).toBe(409);
    const archived = await as(owner, { method: 'POST', url: `${base}/new-checkout/archive` });
    expect(archived.json().archivedAt).not.toBeNull();
    const restored = await as(owner, { method: 'POST', url: `${base}/new-checkout/restore` });
    expect(restored.json().archivedAt).toBeNull();
    await as(owner, { method: 'POST', url: `${base}/new-checkout/archive` });
    expect((await as(owner, { method: 'DELETE', url: `${base}/new-checkout` })).statusCode).toBe(204);
    expect((await as(owner, { url: `${base}/new-checkout` })).statusCode).toBe(404);
  });

  it('checks variants against the type', async () => {
    const { create } = await setUp();
    const illegal = await create({ key: 'Bad Key!', name: 'Bad', type: 'boolean' });
    expect(illegal.statusCode).toBe(400);
    expect(illegal.json().error.details[0].path).toBe('key');
    const wrongType = await create({
      key: 'color',
      name: 'Color',
      type: 'string',
      variants: [
        { key: 'red', value: 'red' },
        { key: 'blue', value: 3 },
      ],
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error.details[0].path).toBe('variants.1.value');
    const noDefault = await create({
      key: 'color',
      name: 'Color',
      type: 'string',
      variants: [{ key: 'red', value: 'red' }],
      defaultVariant: 'green',
    });
    expect(noDefault.json().error.details[0].path).toBe('defaultVariant');
    const noVariants = await create({ key: 'color', name: 'Color', type: 'string' });
    expect(noVariants.json().error.details[0].path).toBe('variants');
  });

  it('sets rules per environment, copies them, and refuses bad rules with their path', async () => {
    const { owner, project, base, as, create } = await setUp();
    await create({
      key: 'banner',
      name: 'Banner',
      type: 'string',
      variants: [
        { key: 'a', value: 'A' },
        { key: 'b', value: 'B' },
      ],
    });
    const segment = await as(owner, {
      method: 'POST',
      url: `/api/v1/projects/${project.id}/segments`,
      payload: { key: 'dutch', name: 'Dutch', conditions: [{ attribute: 'country', operator: 'eq', values: ['NL'] }] },
    });
    expect(segment.statusCode, segment.body).toBe(201);
    await addExperiment(t.database.db, project.id, { key: 'hero-test' });
    const url = `${base}/banner/environments/production`;
    const put = (payload: Record<string, unknown>) => as(owner, { method: 'PUT', url, payload });

    const rules = [
      {
        conditions: [{ attribute: 'plan', operator: 'in', values: ['pro', 'team'] }],
        segments: ['dutch'],
        serve: { kind: 'variant', variant: 'b' },
      },
      {
        serve: {
          kind: 'rollout',
          weights: [
            { variant: 'a', weight: 2500 },
            { variant: 'b', weight: 7500 },
          ],
        },
      },
      { serve: { kind: 'experiment', experiment: 'hero-test' } },
    ];
    const saved = await put({ enabled: true, rules });
    expect(saved.statusCode, saved.body).toBe(200);
    const state = saved.json();
    expect(state.enabled).toBe(true);
    expect(state.rules).toHaveLength(3);
    expect(state.rules[0]).toMatchObject({ segments: ['dutch'], serve: { kind: 'variant', variant: 'b' } });
    expect(state.rules[0].id).toEqual(expect.any(String));
    expect((await as(owner, { url })).json()).toEqual(state);
    const everyOperator = CONDITION_OPERATORS.map((operator) => ({ attribute: 'a', operator, values: ['1'] }));
    const allOperators = await as(owner, {
      method: 'PUT',
      url: `${base}/banner/environments/development`,
      payload: { rules: [{ conditions: everyOperator, serve: { kind: 'variant', variant: 'a' } }] },
    });
    expect(allOperators.statusCode, allOperators.body).toBe(200);
    const switched = await put({ enabled: false });
    expect(switched.json()).toMatchObject({ enabled: false, rules: state.rules });

    const bad = async (rule: unknown, path: string) => {
      const response = await put({ rules: [rule] });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.details.map((issue: { path: string }) => issue.path)).toContain(path);
    };
    await bad({ serve: { kind: 'variant', variant: 'z' } }, 'rules.0.serve.variant');
    await bad(
      {
        serve: {
          kind: 'rollout',
          weights: [
            { variant: 'a', weight: 5000 },
            { variant: 'b', weight: 4000 },
          ],
        },
      },
      'rules.0.serve.weights',
    );
    await bad(
      {
        conditions: [{ attribute: 'plan', operator: 'like', values: ['x'] }],
        serve: { kind: 'variant', variant: 'a' },
      },
      'rules.0.conditions.0.operator',
    );
    await bad({ segments: ['nobody'], serve: { kind: 'variant', variant: 'a' } }, 'rules.0.segments.0');
    await bad({ serve: { kind: 'experiment', experiment: 'missing' } }, 'rules.0.serve.experiment');
    expect((await as(owner, { url })).json()).toEqual(switched.json());

    const removeB = await as(owner, {
      method: 'PATCH',
      url: `${base}/banner`,
      payload: { variants: [{ key: 'a', value: 'A' }], defaultVariant: 'a', offVariant: 'a' },
    });
    expect(removeB.statusCode).toBe(409);

    const copied = await as(owner, {
      method: 'POST',
      url: `${base}/banner/environments/copy`,
      payload: { from: 'production', to: 'development' },
    });
    expect(copied.statusCode, copied.body).toBe(200);
    expect(copied.json()).toMatchObject({ enabled: false, rules: state.rules });
    const toMissing = await as(owner, {
      method: 'POST',
      url: `${base}/banner/environments/copy`,
      payload: { from: 'production', to: 'staging' },
    });
    expect(toMissing.json().error.details[0].path).toBe('to');
    expect((await as(owner, { url: `${base}/banner/environments/staging` })).statusCode).toBe(404);
  });

  it('lists with search, filters, sort and pagination', async () => {
    const { owner, base, as, create } = await setUp();
    for (const [key, tags] of [
      ['alpha', ['web']],
      ['beta', ['app']],
      ['gamma', ['web']],
      ['delta', []],
    ] as const) {
      expect((await create({ key, name: `${key} name`, type: 'boolean', tags })).statusCode).toBe(201);
    }
    await as(owner, { method: 'PUT', url: `${base}/beta/environments/production`, payload: { enabled: true } });
    await as(owner, { method: 'POST', url: `${base}/delta/archive` });
    const keys = async (query: string) => {
      const response = await as(owner, { url: `${base}${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().flags.map((flag: { key: string }) => flag.key);
    };
    expect(await keys('')).toEqual(['alpha', 'beta', 'gamma']);
    expect(await keys('?status=archived')).toEqual(['delta']);
    expect(await keys('?status=all&sort=key&order=desc')).toEqual(['gamma', 'delta', 'beta', 'alpha']);
    expect(await keys('?search=AMM')).toEqual(['gamma']);
    expect(await keys('?tag=web')).toEqual(['alpha', 'gamma']);
    expect(await keys('?type=string')).toEqual([]);
    expect(await keys('?environment=production&enabled=true')).toEqual(['beta']);
    expect(await keys('?environment=production&enabled=false')).toEqual(['alpha', 'gamma']);
    const page = (await as(owner, { url: `${base}?limit=2` })).json();
    expect(page).toMatchObject({ total: 3, nextOffset: 2 });
    const last = (await as(owner, { url: `${base}?limit=2&offset=2` })).json();
    expect(last).toMatchObject({ total: 3, nextOffset: null });
    const onlyProduction = (await as(owner, { url: `${base}?environment=production` })).json();
    expect(Object.keys(onlyProduction.flags[0].environments)).toEqual(['production']);
    expect((await as(owner, { url: `${base}?enabled=true` })).json().error.details[0].path).toBe('enabled');
    expect((await as(owner, { url: `${base}?limit=101` })).statusCode).toBe(400);
  });

  it('keeps writes from viewers, other organizations and other projects', async () => {
    const { owner, base, as, create } = await setUp();
    await create({ key: 'guarded', name: 'Guarded', type: 'boolean' });
    const viewer = await addMember(t.app, owner, 'viewer');
    expect((await as(viewer, { url: `${base}/guarded` })).statusCode).toBe(200);
    const write = await as(viewer, { method: 'POST', url: base, payload: { key: 'x', name: 'X', type: 'boolean' } });
    expect(write.statusCode).toBe(403);
    const toggle = await as(viewer, {
      method: 'PUT',
      url: `${base}/guarded/environments/production`,
      payload: { enabled: true },
    });
    expect(toggle.statusCode).toBe(403);

    const stranger = await signUp(t.app, 'stranger');
    expect((await as(stranger, { url: `${base}/guarded` })).statusCode).toBe(404);
    const otherProject = await createProject(t.app, owner, 'Other');
    const key = await createKey(t.app, owner, otherProject.id);
    expect((await asKey(t.app, key.key, { url: `${base}/guarded` })).statusCode).toBe(404);
    expect((await as(owner, { url: `/api/v1/projects/${otherProject.id}/flags/guarded` })).statusCode).toBe(404);
  });

  it('refuses oversized JSON', async () => {
    const { owner, base } = await setUp();
    const response = await call(t.app, owner, {
      method: 'POST',
      url: base,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ key: 'big', name: 'Big', type: 'json', description: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
  });

  it('works with a secret key: the change reaches the SDK payload and the audit log names the key', async () => {
    const { owner, project, base, as } = await setUp();
    const secret = await createKey(t.app, owner, project.id, 'secret', { protectedEnvironments: true });
    const client = await createKey(t.app, owner, project.id, 'client');
    const byKey = (options: InjectOptions) => asKey(t.app, secret.key, options);
    expect((await fetchPayload(t.app, client.key)).json().flags).toEqual([]);

    const created = await byKey({
      method: 'POST',
      url: base,
      payload: { key: 'via-api', name: 'Via API', type: 'boolean' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const put = await byKey({
      method: 'PUT',
      url: `${base}/via-api/environments/production`,
      payload: { enabled: true, rules: [{ id: 'r1', serve: { kind: 'variant', variant: 'off' } }] },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await byKey({ url: `${base}?environment=production&enabled=true` })).json().total).toBe(1);

    const payload = (await fetchPayload(t.app, client.key)).json();
    expect(payload.flags).toEqual([
      expect.objectContaining({
        key: 'via-api',
        enabled: true,
        rules: [{ id: 'r1', conditions: [], segments: [], serve: { kind: 'variant', variant: 'off' } }],
      }),
    ]);

    const audit = await as(owner, { url: `/api/v1/audit?projectId=${project.id}&entityType=flag` });
    const entries = audit.json().entries;
    expect(entries.map((entry: { action: string }) => entry.action)).toEqual([
      'flag.environment_updated',
      'flag.created',
    ]);
    expect(entries[0]).toMatchObject({
      actor: { kind: 'api_key', id: secret.id, name: secret.name },
      entityId: created.json().id,
      before: { key: 'via-api', name: 'Via API', environment: 'production', enabled: false, rules: [] },
      after: { key: 'via-api', environment: 'production', enabled: true, rules: [{ id: 'r1' }] },
    });
  });
});
