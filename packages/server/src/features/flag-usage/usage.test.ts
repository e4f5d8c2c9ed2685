import type { FlagRule } from '@tabula/protocol';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { addMember, call, signUp } from '../../../test/client';
import { addFlag, type SdkProject, sdkProject } from '../../../test/sdk';
import { flagEnvironment, flag as flagTable, flagUsageHourly } from '../../db/schema';
import { deleteExpiredUsage, recordUsage, usageOf } from './service';

const DAY_MS = 86_400_000;

describe('flag usage counts', () => {
  const t = useTestApp();

  const postEvents = (clientKey: string, body: unknown) =>
    t.app.inject({ method: 'POST', url: `/sdk/v1/events/${clientKey}`, payload: body as never });
  const get = (project: SdkProject, url: string) =>
    call(t.app, project.owner, { url: `/api/v1/projects/${project.projectId}${url}` });

  async function shop() {
    const project = await sdkProject(t.app);
    for (const key of ['checkout', 'banner']) await addFlag(t.database.db, project.projectId, { key });
    return project;
  }

  it('adds reported evaluations to the hour, per variant, and shows them as series with totals', async () => {
    const project = await shop();
    const sdk = { name: 'tabula-js', version: '3.0.5', instance: 'server-1' };
    for (const evaluations of [{ checkout: { on: 3, off: 1 } }, { checkout: { on: 2 }, banner: { '': 4 } }]) {
      const response = await postEvents(project.clientKey, { evaluations, sdk });
      expect(response.statusCode, response.body).toBe(202);
    }
    // An SDK from before counts: once per key, without a variant.
    expect((await postEvents(project.clientKey, { flags: ['checkout'] })).statusCode).toBe(202);

    const response = await get(project, '/flags/checkout/usage?environment=production&days=7');
    expect(response.statusCode, response.body).toBe(200);
    const usage = response.json();
    expect(usage).toMatchObject({ environment: 'production', days: 7, granularity: 'hour', total: 7 });
    expect(usage.series.map((line: { variant: string; total: number }) => [line.variant, line.total])).toEqual([
      ['on', 5],
      ['', 1],
      ['off', 1],
    ]);
    expect(usage.series[0].points).toHaveLength(1);
    expect(usage.lastEvaluatedAt).not.toBeNull();

    const daily = (await get(project, '/flags/checkout/usage?environment=production&days=30')).json();
    expect(daily).toMatchObject({ granularity: 'day', total: 7 });
    const development = (await get(project, '/flags/checkout/usage?environment=development')).json();
    expect(development).toMatchObject({ days: 7, total: 0, series: [], lastEvaluatedAt: null });
  });

  it('counts what online evaluation and OFREP serve', async () => {
    const project = await shop();
    await t.app.inject({
      method: 'POST',
      url: `/sdk/v1/evaluate/${project.clientKey}`,
      payload: { unitId: 'visitor-1', flags: ['checkout', 'ghost'] },
    });
    await t.app.inject({
      method: 'POST',
      url: '/ofrep/v1/evaluate/flags/checkout',
      headers: { authorization: `Bearer ${project.clientKey}` },
      payload: { context: { targetingKey: 'visitor-1' } },
    });
    const usage = (await get(project, '/flags/checkout/usage?environment=production')).json();
    // Off in production until someone turns it on: the off variant is what was served.
    expect(usage.series).toEqual([expect.objectContaining({ variant: 'off', total: 2 })]);
    const unknown = (await get(project, '/unknown-flags')).json();
    expect(unknown.flags).toEqual([expect.objectContaining({ flagKey: 'ghost', environment: 'production' })]);
  });

  it('lists keys the project does not have, typos included, until a flag takes the key', async () => {
    const project = await shop();
    const other = await shop();
    const evaluations = { Checkout: { '': 2 }, 'new-banner': { '': 1 }, checkout: { on: 1 } };
    expect((await postEvents(project.clientKey, { evaluations })).statusCode).toBe(202);
    expect((await postEvents(project.clientKey, { evaluations: { Checkout: { '': 3 } } })).statusCode).toBe(202);
    const listed = (await get(project, '/unknown-flags')).json().flags;
    expect(
      listed.map((flag: { flagKey: string; evaluations: number }) => [flag.flagKey, flag.evaluations]).sort(),
    ).toEqual([
      ['Checkout', 5],
      ['new-banner', 1],
    ]);
    expect((await get(other, '/unknown-flags')).json().flags).toEqual([]);

    await addFlag(t.database.db, project.projectId, { key: 'new-banner' });
    expect(
      (await get(project, '/unknown-flags')).json().flags.map((flag: { flagKey: string }) => flag.flagKey),
    ).toEqual(['Checkout']);
  });

  it('lists the SDK instances that report, browsers together, with outdated versions flagged', async () => {
    const project = await shop();
    const sdks = [
      { name: 'tabula-js', version: '3.0.5', instance: 'server-1' },
      { name: 'tabula-js', version: '2.4.0' },
      { name: 'tabula-js', version: '2.4.0' },
      { name: 'other-sdk', version: '9.0.0' },
    ];
    for (const sdk of sdks) {
      expect((await postEvents(project.clientKey, { evaluations: { checkout: { on: 1 } }, sdk })).statusCode).toBe(202);
    }
    const response = await get(project, '/sdk-instances');
    expect(response.statusCode, response.body).toBe(200);
    const { instances, current } = response.json();
    expect(current['tabula-js']).toEqual(expect.arrayContaining(['3.0.5', '1.0.7']));
    const summary = instances.map((instance: Record<string, unknown>) => [
      instance.instanceId,
      instance.sdkName,
      instance.sdkVersion,
      instance.outdated,
      instance.environment,
    ]);
    expect(summary.sort()).toEqual([
      ['', 'other-sdk', '9.0.0', null, 'production'],
      ['', 'tabula-js', '2.4.0', true, 'production'],
      ['server-1', 'tabula-js', '3.0.5', false, 'production'],
    ]);
  });

  it('refuses bad input and keeps projects apart', async () => {
    const project = await shop();
    const other = await shop();
    for (const query of ['days=0', 'days=31', 'days=x', 'environment=production&days=31', '']) {
      const response = await get(project, `/flags/checkout/usage?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
    }
    const unknownEnvironment = await get(project, '/flags/checkout/usage?environment=staging');
    expect(unknownEnvironment.statusCode).toBe(400);
    expect(unknownEnvironment.json().error.details).toContainEqual(expect.objectContaining({ path: 'environment' }));
    expect((await get(project, '/flags/nothing/usage?environment=production')).statusCode).toBe(404);

    // Another project's flag is no flag of this one; a stranger sees neither.
    await addFlag(t.database.db, other.projectId, { key: 'only-there' });
    expect((await get(project, '/flags/only-there/usage?environment=production')).statusCode).toBe(404);
    const stranger = await signUp(t.app, 'stranger');
    for (const url of ['/flags/checkout/usage?environment=production', '/sdk-instances', '/unknown-flags']) {
      const response = await call(t.app, stranger, { url: `/api/v1/projects/${project.projectId}${url}` });
      expect([403, 404]).toContain(response.statusCode);
    }
    // Bad reports refuse the batch (events included) and store nothing.
    for (const evaluations of [
      { checkout: { on: 0 } },
      { checkout: { on: 1.5 } },
      { checkout: 3 },
      { 'a\u0000b': { on: 1 } },
    ]) {
      const refused = await postEvents(project.clientKey, { evaluations });
      expect(refused.statusCode, JSON.stringify(evaluations)).toBe(400);
    }
    const badSdk = await postEvents(project.clientKey, { evaluations: { checkout: { on: 1 } }, sdk: { name: '' } });
    expect(badSdk.statusCode).toBe(400);
    expect((await get(project, '/flags/checkout/usage?environment=production')).json().total).toBe(0);
    expect((await get(project, '/unknown-flags')).json().flags).toEqual([]);

    const viewer = await addMember(t.app, project.owner, 'viewer');
    const viewed = await call(t.app, viewer, { url: `/api/v1/projects/${project.projectId}/unknown-flags` });
    expect(viewed.statusCode).toBe(200);
  });

  it('deletes buckets, instances and unknown keys older than 30 days', async () => {
    const project = await shop();
    const environmentId = project.environments.production!;
    const scope = { projectId: project.projectId, environmentId };
    const report = usageOf(scope, {
      evaluations: { checkout: { on: 1 }, ghost: { '': 1 } },
      sdk: { name: 'tabula-js', version: '3.0.5', instance: 'old' },
    });
    const now = new Date();
    await recordUsage(t.database.db, [report], new Date(now.getTime() - 31 * DAY_MS));
    await recordUsage(t.database.db, [usageOf(scope, { evaluations: { checkout: { off: 1 } } })], now);
    await deleteExpiredUsage(t.database.db, now);
    const buckets = await t.database.db
      .select()
      .from(flagUsageHourly)
      .where(eq(flagUsageHourly.environmentId, environmentId));
    expect(buckets.map((bucket) => bucket.variant)).toEqual(['off']);
    expect((await get(project, '/unknown-flags')).json().flags).toEqual([]);
    expect((await get(project, '/sdk-instances')).json().instances).toEqual([]);
  });
});

describe('potentially stale flags', () => {
  const t = useTestApp();
  const past = (days: number) => new Date(Date.now() - days * DAY_MS);

  it('marks flags unevaluated or serving one value for the project’s days, and filters them', async () => {
    const project = await sdkProject(t.app);
    const { owner, environments } = project;
    const projectUrl = `/api/v1/projects/${project.projectId}`;
    const { db } = t.database;
    const vip: FlagRule = {
      id: 'vip',
      conditions: [{ attribute: 'plan', operator: 'eq', values: ['vip'] }],
      segments: [],
      serve: { kind: 'variant', variant: 'off' },
    };
    const ids: Record<string, string> = {};
    for (const key of ['forgotten', 'rolled-out', 'young', 'in-use']) {
      const rules = key === 'rolled-out' ? [] : [vip];
      ids[key] = await addFlag(db, project.projectId, {
        key,
        environments: Object.fromEntries(Object.values(environments).map((id) => [id, { enabled: true, rules }])),
      });
    }
    for (const key of ['forgotten', 'rolled-out', 'in-use']) {
      await db
        .update(flagTable)
        .set({ createdAt: past(60), updatedAt: past(60) })
        .where(eq(flagTable.id, ids[key]!));
      await db
        .update(flagEnvironment)
        .set({ updatedAt: past(45) })
        .where(eq(flagEnvironment.flagId, ids[key]!));
    }
    const scope = { projectId: project.projectId, environmentId: environments.production! };
    const evaluations = { 'rolled-out': { on: 1 }, 'in-use': { on: 1 } };
    await recordUsage(db, [usageOf(scope, { evaluations })], new Date());
    await recordUsage(db, [usageOf(scope, { evaluations: { forgotten: { on: 1 } } })], past(40));

    const list = async (query = '') => {
      const response = await call(t.app, owner, { url: `${projectUrl}/flags${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return Object.fromEntries(
        response.json().flags.map((flag: { key: string; stale: unknown }) => [flag.key, flag.stale]),
      );
    };
    const all = await list();
    expect(all.forgotten).toEqual({ reason: 'not_evaluated', since: expect.any(String) });
    expect(Date.parse(all.forgotten.since)).toBeLessThan(past(39).getTime());
    expect(all['rolled-out']).toMatchObject({ reason: 'fully_rolled_out' });
    expect(all.young).toBeNull();
    expect(all['in-use']).toBeNull();
    expect(Object.keys(await list('?stale=true')).sort()).toEqual(['forgotten', 'rolled-out']);
    expect(Object.keys(await list('?stale=false')).sort()).toEqual(['in-use', 'young']);
    // Judged over every environment even when the list shows one.
    expect(Object.keys(await list('?stale=true&environment=development&limit=1&offset=1'))).toEqual(['rolled-out']);
    expect((await call(t.app, owner, { url: `${projectUrl}/flags?stale=maybe` })).statusCode).toBe(400);

    for (const [staleAfterDays, status] of [
      [0, 400],
      [366, 400],
      [1.5, 400],
      [50, 200],
    ] as const) {
      const changed = await call(t.app, owner, { method: 'PATCH', url: projectUrl, payload: { staleAfterDays } });
      expect(changed.statusCode, changed.body).toBe(status);
    }
    expect((await call(t.app, owner, { url: projectUrl })).json().staleAfterDays).toBe(50);
    // At 50 days none is stale yet.
    expect(await list('?stale=true')).toEqual({});
  });
});
