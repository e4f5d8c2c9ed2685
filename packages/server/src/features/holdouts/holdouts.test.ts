import { bucket } from '@tabula/sdk';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { addMember, asKey, createKey, createProject, signUp } from '../../../test/client';
import { projectApi } from '../../../test/project-api';
import { fetchPayload } from '../../../test/sdk';
import { event } from '../../db/schema';

const purchase = { key: 'purchase', name: 'Purchase', type: 'conversion', source: { kind: 'event', event: 'buy' } };
const holdoutBody = { key: 'holdout-h1', name: 'First half', percent: 500, metrics: ['purchase'], flags: ['nav'] };
const paths = (body: { error: { details: { path: string }[] } }) => body.error.details.map((issue) => issue.path);

describe('holdouts', () => {
  const t = useTestApp();

  async function shop() {
    const api = await projectApi(t);
    await api.expectStatus(201, 'POST', '/metrics', purchase);
    for (const key of ['nav', 'search']) {
      await api.expectStatus(201, 'POST', '/flags', { key, name: key, type: 'boolean' });
    }
    return api;
  }

  it('starts a holdout with a random salt, edits what it covers, stops it, and audits each change', async () => {
    const { owner, project, as, expectStatus, send } = await shop();
    const created = await expectStatus(201, 'POST', '/holdouts', holdoutBody);
    expect(created).toMatchObject({
      key: 'holdout-h1',
      name: 'First half',
      description: '',
      percent: 500,
      metrics: ['purchase'],
      experiments: true,
      flags: ['nav'],
      status: 'running',
      stoppedAt: null,
    });
    expect(created.salt).toMatch(/^[0-9A-Za-z]{22}$/);
    expect(created.startedAt).toEqual(expect.any(String));

    const edited = await expectStatus(200, 'PATCH', '/holdouts/holdout-h1', {
      flags: ['nav', 'search', 'nav'],
      experiments: false,
    });
    expect(edited).toMatchObject({ flags: ['nav', 'search'], experiments: false, salt: created.salt, percent: 500 });
    expect(await expectStatus(200, 'GET', '/holdouts/holdout-h1')).toEqual(edited);

    // Its report is the results of its experiment, whose versions are the holdout and everything shipped.
    const experiment = await expectStatus(200, 'GET', '/experiments/holdout-h1');
    expect(experiment).toMatchObject({ kind: 'holdout', status: 'running', metrics: { primary: ['purchase'] } });
    expect(
      experiment.versions.map(({ key, weight, isControl }: Record<string, unknown>) => [key, weight, isControl]),
    ).toEqual([
      ['holdout', 500, true],
      ['general', 9_500, false],
    ]);
    expect((await send('GET', '/experiments/holdout-h1/results')).statusCode).toBe(200);
    // Nor listed, nor changed, nor served by a flag rule as an experiment.
    expect((await expectStatus(200, 'GET', '/experiments')).experiments).toEqual([]);
    expect((await send('PATCH', '/experiments/holdout-h1', { name: 'Mine' })).statusCode).toBe(404);
    expect((await send('POST', '/experiments/holdout-h1/stop', { outcome: 'inconclusive' })).statusCode).toBe(404);

    const stopped = await expectStatus(200, 'POST', '/holdouts/holdout-h1/stop');
    expect(stopped).toMatchObject({ status: 'stopped', stoppedAt: expect.any(String) });
    expect((await send('POST', '/holdouts/holdout-h1/stop')).statusCode).toBe(409);
    expect((await send('PATCH', '/holdouts/holdout-h1', { name: 'Later' })).statusCode).toBe(409);
    expect((await expectStatus(200, 'GET', '/experiments/holdout-h1')).status).toBe('stopped');

    // Once it is stopped another may start; the list shows the newest first.
    await expectStatus(201, 'POST', '/holdouts', { ...holdoutBody, key: 'holdout-h2' });
    const list = await expectStatus(200, 'GET', '/holdouts');
    expect(list.holdouts.map((holdout: { key: string; status: string }) => [holdout.key, holdout.status])).toEqual([
      ['holdout-h2', 'running'],
      ['holdout-h1', 'stopped'],
    ]);

    const audit = await as(owner, { url: `/api/v1/audit?projectId=${project.id}&entityType=holdout` });
    expect(audit.json().entries.map((entry: { action: string }) => entry.action)).toEqual([
      'holdout.created',
      'holdout.stopped',
      'holdout.updated',
      'holdout.created',
    ]);
    expect(audit.json().entries[2]).toMatchObject({
      actor: { kind: 'user', id: owner.me.user.id },
      before: { flags: ['nav'], experiments: true },
      after: { flags: ['nav', 'search'], experiments: false },
    });
  });

  it('refuses bad input with the field at fault', async () => {
    const { expectStatus, send } = await shop();
    const refused = async (body: Record<string, unknown>, path: string) => {
      const response = await send('POST', '/holdouts', { ...holdoutBody, ...body });
      expect(response.statusCode, response.body).toBe(400);
      expect(paths(response.json())).toContain(path);
    };
    await refused({ percent: 0 }, 'percent');
    await refused({ percent: 5_001 }, 'percent');
    await refused({ percent: 12.5 }, 'percent');
    await refused({ key: 'Holdout 1' }, 'key');
    await refused({ metrics: ['nope'] }, 'metrics.0');
    await refused({ flags: ['nav', 'ghost'] }, 'flags.1');
    // The salt is the server's to draw.
    expect((await send('POST', '/holdouts', { ...holdoutBody, salt: 'layer-home' })).statusCode).toBe(400);

    await expectStatus(201, 'POST', '/experiments', { key: 'taken', name: 'Taken' });
    const taken = await send('POST', '/holdouts', { ...holdoutBody, key: 'taken' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('This project already has an experiment or holdout with key "taken"');

    await expectStatus(201, 'POST', '/holdouts', holdoutBody);
    const second = await send('POST', '/holdouts', { ...holdoutBody, key: 'another' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe('Holdout "holdout-h1" is running: stop it before starting another');
    // Its percentage is fixed while it runs: changing it would move units in and out.
    expect((await send('PATCH', '/holdouts/holdout-h1', { percent: 1_000 })).statusCode).toBe(400);
    expect((await send('PATCH', '/holdouts/holdout-h1', {})).statusCode).toBe(400);
    expect(paths((await send('PATCH', '/holdouts/holdout-h1', { metrics: ['gone'] })).json())).toEqual(['metrics.0']);
    expect((await send('GET', '/holdouts/missing')).statusCode).toBe(404);
  });

  it('lets viewers read, editors and secret keys with the grant write, and keeps other projects out', async () => {
    const { owner, project, base, as, expectStatus } = await shop();
    await expectStatus(201, 'POST', '/holdouts', holdoutBody);
    const viewer = await addMember(t.app, owner, 'viewer');
    expect((await as(viewer, { url: `${base}/holdouts/holdout-h1` })).statusCode).toBe(200);
    expect((await as(viewer, { method: 'POST', url: `${base}/holdouts/holdout-h1/stop` })).statusCode).toBe(403);
    // Every environment's payload carries the holdout: an editor needs the grant to change protected ones.
    const editor = await addMember(t.app, owner, 'editor');
    const rename = { method: 'PATCH' as const, url: `${base}/holdouts/holdout-h1`, payload: { name: 'H1' } };
    const refused = await as(editor, rename);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().error.code).toBe('protected_environment');
    const grant = { role: null, protectedEnvironments: true };
    const granted = await as(owner, { method: 'PUT', url: `${base}/members/${editor.me.user.id}`, payload: grant });
    expect(granted.statusCode, granted.body).toBe(200);
    const edited = await as(editor, rename);
    expect(edited.statusCode, edited.body).toBe(200);

    const stranger = await signUp(t.app, 'stranger');
    expect((await as(stranger, { url: `${base}/holdouts` })).statusCode).toBe(404);
    const other = await createProject(t.app, owner, 'Other');
    expect((await as(owner, { url: `/api/v1/projects/${other.id}/holdouts/holdout-h1` })).statusCode).toBe(404);
    expect((await as(owner, { url: `/api/v1/projects/${other.id}/holdouts` })).json()).toEqual({ holdouts: [] });
    const otherKey = await createKey(t.app, owner, other.id);
    expect((await asKey(t.app, otherKey.key, { url: `${base}/holdouts` })).statusCode).toBe(404);
    const secret = await createKey(t.app, owner, project.id, 'secret', { protectedEnvironments: true });
    const stopped = await asKey(t.app, secret.key, { method: 'POST', url: `${base}/holdouts/holdout-h1/stop` });
    expect(stopped.statusCode, stopped.body).toBe(200);
  });

  it('puts the running holdout on the experiments and flags it covers in the SDK payload', async () => {
    const { owner, project, expectStatus } = await shop();
    const clientKey = (await createKey(t.app, owner, project.id, 'client')).key;
    await expectStatus(201, 'POST', '/experiments', { key: 'hero', name: 'Hero' });
    await expectStatus(200, 'POST', '/experiments/hero/start');
    for (const key of ['nav', 'search']) {
      await expectStatus(200, 'PUT', `/flags/${key}/environments/production`, { enabled: true, rules: [] });
    }
    const created = await expectStatus(201, 'POST', '/holdouts', holdoutBody);
    const carried = { key: 'holdout-h1', salt: created.salt, percent: 500 };
    const payload = (await fetchPayload(t.app, clientKey)).json();
    expect(payload.experiments).toEqual([expect.objectContaining({ key: 'hero', holdout: carried })]);
    const flags = Object.fromEntries(payload.flags.map((flag: { key: string }) => [flag.key, flag]));
    expect(flags.nav.holdout).toEqual(carried);
    expect(flags.search.holdout).toBeUndefined();

    // Online evaluation holds the same units out, and logs their exposure to the holdout.
    // The salt is random: enough units that both sides of a 5% holdout are found.
    const units = Array.from({ length: 2000 }, (_, index) => `visitor-${index}`);
    const heldUnit = units.find((unit) => bucket(created.salt, unit) < 500);
    const generalUnit = units.find((unit) => bucket(created.salt, unit) >= 500);
    for (const unitId of [heldUnit, generalUnit]) {
      const answer = await t.app.inject({
        method: 'POST',
        url: `/sdk/v1/evaluate/${clientKey}`,
        payload: { unitId, experiments: ['hero'], flags: [], logExposure: true },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().experiments.hero === undefined).toBe(unitId === heldUnit);
    }
    // Exposures logged by online evaluation are written by the ingest queue, after the answer.
    const logged = () =>
      t.database.db
        .select({ unitId: event.unitId, version: event.version })
        .from(event)
        .where(and(eq(event.projectId, project.id), eq(event.experiment, 'holdout-h1')))
        .then((rows) => rows.sort((a, b) => a.version!.localeCompare(b.version!)));
    await expect.poll(logged).toEqual([
      { unitId: generalUnit, version: 'general' },
      { unitId: heldUnit, version: 'holdout' },
    ]);

    await expectStatus(200, 'POST', '/holdouts/holdout-h1/stop');
    const after = (await fetchPayload(t.app, clientKey)).json();
    expect(after.experiments[0].holdout).toBeUndefined();
    expect(after.flags.every((flag: { holdout?: unknown }) => flag.holdout === undefined)).toBe(true);
  });

  it('documents every route under its tag, with an example body for each write', async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json();
    const operations = Object.entries(document.paths as Record<string, Record<string, Record<string, unknown>>>)
      .filter(([path]) => path.includes('/holdouts'))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
      );
    expect(operations).toHaveLength(5);
    for (const { path, operation } of operations) expect(operation.tags, path).toEqual(['holdouts']);
    const withBodies = operations.filter(({ operation }) => operation.requestBody);
    expect(withBodies.map(({ method, path }) => `${method} ${path}`).sort()).toEqual([
      'patch /api/v1/projects/{projectId}/holdouts/{holdoutKey}',
      'post /api/v1/projects/{projectId}/holdouts',
    ]);
    for (const { path, operation } of withBodies) {
      const media = (operation.requestBody as { content: Record<string, { example?: unknown }> }).content[
        'application/json'
      ];
      expect(media?.example, path).toEqual(expect.any(Object));
    }
  });
});
