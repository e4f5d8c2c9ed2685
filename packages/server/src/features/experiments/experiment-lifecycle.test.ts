import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { createKey } from '../../../test/client';
import { projectApi } from '../../../test/project-api';
import { fetchPayload } from '../../../test/sdk';

const twoVersions = (control: number, large: number) => [
  { key: 'control', name: 'Control', weight: control, isControl: true, params: { size: 'm' } },
  { key: 'large', name: 'Large', weight: large, params: { size: 'xl' } },
];

describe('experiment lifecycle', () => {
  const t = useTestApp();

  it('starts, pauses, resumes with its slots, stops with a decision, archives and deletes', async () => {
    const { expectStatus } = await projectApi(t);
    await expectStatus(201, 'POST', '/layers', { key: 'homepage', name: 'Homepage' });
    await expectStatus(201, 'POST', '/experiments', {
      key: 'hero',
      name: 'Hero',
      layer: 'homepage',
      layerSlots: 2500,
      versions: twoVersions(5000, 5000),
    });
    const started = await expectStatus(200, 'POST', '/experiments/hero/start');
    expect(started).toMatchObject({ status: 'running', layer: { key: 'homepage', start: 0, end: 2500 } });
    expect(Date.parse(started.startedAt)).toBeGreaterThan(Date.now() - 60_000);

    const paused = await expectStatus(200, 'POST', '/experiments/hero/pause');
    expect(paused).toMatchObject({ status: 'paused', layer: { start: 0, end: 2500 } });
    const resumed = await expectStatus(200, 'POST', '/experiments/hero/start');
    expect(resumed).toMatchObject({ status: 'running', layer: { start: 0, end: 2500 } });
    expect(resumed.startedAt).toBe(started.startedAt);

    const stopped = await expectStatus(200, 'POST', '/experiments/hero/stop', {
      outcome: 'ship',
      version: 'large',
      note: 'More visits',
    });
    expect(stopped).toMatchObject({
      status: 'stopped',
      layer: { key: 'homepage', start: null, end: null },
      decision: { outcome: 'ship', version: 'large', note: 'More visits' },
      startedAt: started.startedAt,
    });
    expect(stopped.stoppedAt).toEqual(stopped.decision.decidedAt);
    expect((await expectStatus(200, 'GET', '/layers/homepage')).free).toEqual([{ start: 0, end: 10_000 }]);

    const archived = await expectStatus(200, 'POST', '/experiments/hero/archive');
    expect(archived.status).toBe('archived');
    await expectStatus(204, 'DELETE', '/experiments/hero');
  });

  it('refuses transitions its status does not allow, naming the status', async () => {
    const { expectStatus, send } = await projectApi(t);
    await expectStatus(201, 'POST', '/experiments', { key: 'exp', name: 'Exp' });
    const refusal = async (action: string, message: string) => {
      const response = await send(
        'POST',
        `/experiments/exp/${action}`,
        action === 'stop' ? { outcome: 'inconclusive' } : undefined,
      );
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().error.message).toBe(message);
    };
    await refusal('pause', 'Experiment "exp" is draft: only a running experiment can be paused');
    await refusal('stop', 'Experiment "exp" is draft: only a running or paused experiment can be stopped');
    await expectStatus(200, 'POST', '/experiments/exp/start');
    await refusal('start', 'Experiment "exp" is running: only a draft or paused experiment can be started');
    await refusal('archive', 'Experiment "exp" is running: only a draft or stopped experiment can be archived');
    await expectStatus(200, 'POST', '/experiments/exp/stop', { outcome: 'rollback' });
    await refusal('start', 'Experiment "exp" is stopped: only a draft or paused experiment can be started');
    await refusal('pause', 'Experiment "exp" is stopped: only a running experiment can be paused');
    await expectStatus(200, 'POST', '/experiments/exp/archive');
    await refusal('archive', 'Experiment "exp" is archived: only a draft or stopped experiment can be archived');
    expect((await send('POST', '/experiments/missing/start')).statusCode).toBe(404);
  });

  it('starts only a complete experiment', async () => {
    const { expectStatus, send } = await projectApi(t);
    const incomplete = async (body: Record<string, unknown>, path: string) => {
      const key = `exp-${path}`;
      await expectStatus(201, 'POST', '/experiments', { key, name: key, ...body });
      const response = await send('POST', `/experiments/${key}/start`);
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().error.details.map((issue: { path: string }) => issue.path)).toEqual([path]);
      expect((await expectStatus(200, 'GET', `/experiments/${key}`)).status).toBe('draft');
    };
    await incomplete({ versions: [{ key: 'only', name: 'Only', weight: 10_000, isControl: true }] }, 'versions');
    await incomplete({ traffic: 0 }, 'traffic');
    await incomplete({ kind: 'visual' }, 'page');
  });

  it('delivers a started experiment with its layer range to SDKs, and not a paused one', async () => {
    const { project, owner, expectStatus } = await projectApi(t);
    const client = await createKey(t.app, owner, project.id, 'client');
    await expectStatus(201, 'POST', '/layers', { key: 'homepage', name: 'Homepage' });
    await expectStatus(201, 'POST', '/experiments', {
      key: 'first',
      name: 'First',
      layer: 'homepage',
      layerSlots: 1000,
    });
    await expectStatus(201, 'POST', '/experiments', {
      key: 'hero',
      name: 'Hero',
      kind: 'visual',
      page: { url: 'https://shop.example.com/', match: 'exact' },
      layer: 'homepage',
      layerSlots: 4000,
      versions: twoVersions(3000, 7000),
    });
    await expectStatus(200, 'POST', '/experiments/first/start');
    await expectStatus(200, 'POST', '/experiments/hero/start');
    await expectStatus(200, 'POST', '/experiments/first/pause');

    const payload = (await fetchPayload(t.app, client.key)).json();
    expect(payload.experiments).toEqual([
      {
        key: 'hero',
        kind: 'visual',
        unitAttribute: 'id',
        traffic: 10_000,
        phase: 0,
        conditions: [],
        segments: [],
        layer: { key: 'homepage', start: 1000, end: 5000 },
        page: { url: 'https://shop.example.com/', match: 'exact' },
        versions: [
          // A visual experiment's versions carry their element rules; these have no changes yet.
          { key: 'control', name: 'Control', weight: 3000, isControl: true, params: { size: 'm' }, elementRules: [] },
          { key: 'large', name: 'Large', weight: 7000, isControl: false, params: { size: 'xl' }, elementRules: [] },
        ],
      },
    ]);
    await expectStatus(200, 'POST', '/experiments/first/start');
    const resumed = (await fetchPayload(t.app, client.key)).json();
    expect(resumed.experiments.map((experiment: { key: string }) => experiment.key)).toEqual(['first', 'hero']);
  });

  it('refuses to start in a full layer, and starts once a range is freed', async () => {
    const { expectStatus, send } = await projectApi(t);
    await expectStatus(201, 'POST', '/layers', { key: 'checkout', name: 'Checkout' });
    const inLayer = (key: string, layerSlots: number) =>
      expectStatus(201, 'POST', '/experiments', { key, name: key, layer: 'checkout', layerSlots });
    await inLayer('wide', 6000);
    await inLayer('narrow', 1000);
    await inLayer('big', 5000);
    await expectStatus(200, 'POST', '/experiments/wide/start');
    await expectStatus(200, 'POST', '/experiments/narrow/start');
    const full = await send('POST', '/experiments/big/start');
    expect(full.statusCode).toBe(409);
    expect(full.json().error.message).toBe(
      'Layer "checkout" has no room: 5000 slots needed, the largest free range has 3000',
    );
    expect((await expectStatus(200, 'GET', '/experiments/big')).status).toBe('draft');

    await expectStatus(200, 'POST', '/experiments/wide/stop', { outcome: 'inconclusive' });
    const started = await expectStatus(200, 'POST', '/experiments/big/start');
    expect(started.layer).toEqual({ key: 'checkout', start: 0, end: 5000 });
  });

  it('gives one of two simultaneous starts the slots both want', async () => {
    const { expectStatus, send } = await projectApi(t);
    await expectStatus(201, 'POST', '/layers', { key: 'search', name: 'Search' });
    for (const key of ['left', 'right']) {
      await expectStatus(201, 'POST', '/experiments', { key, name: key, layer: 'search', layerSlots: 6000 });
    }
    const answers = await Promise.all(['left', 'right'].map((key) => send('POST', `/experiments/${key}/start`)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const layer = await expectStatus(200, 'GET', '/layers/search');
    expect(layer.slots).toHaveLength(1);
    expect(layer.slots[0]).toMatchObject({ start: 0, end: 6000 });
  });

  it('re-randomises a running experiment only when asked, into a new phase', async () => {
    const { project, owner, expectStatus, send } = await projectApi(t);
    const client = await createKey(t.app, owner, project.id, 'client');
    await expectStatus(201, 'POST', '/layers', { key: 'homepage', name: 'Homepage' });
    await expectStatus(201, 'POST', '/layers', { key: 'footer', name: 'Footer' });
    await expectStatus(201, 'POST', '/metrics', {
      key: 'visits',
      name: 'Visits',
      type: 'count',
      source: { kind: 'event', event: 'visit' },
    });
    await expectStatus(201, 'POST', '/experiments', {
      key: 'hero',
      name: 'Hero',
      layer: 'homepage',
      layerSlots: 5000,
      versions: twoVersions(5000, 5000),
    });
    await expectStatus(200, 'POST', '/experiments/hero/start');

    const reweigh = { versions: twoVersions(2000, 8000) };
    const unasked = await send('PATCH', '/experiments/hero', reweigh);
    expect(unasked.statusCode).toBe(409);
    expect(unasked.json().error.details).toEqual({ requires: 'reRandomise', fields: ['versions'] });
    const traffic = await send('PATCH', '/experiments/hero', { traffic: 5000 });
    expect(traffic.json().error.details).toEqual({ requires: 'reRandomise', fields: ['traffic'] });

    const renamed = await expectStatus(200, 'PATCH', '/experiments/hero', {
      name: 'Hero banner',
      metrics: { primary: ['visits'] },
      versions: twoVersions(5000, 5000).map((version) => ({ ...version, params: { size: `${version.key}-v2` } })),
    });
    expect(renamed.phase).toBe(0);
    const reRandomised = await expectStatus(200, 'PATCH', '/experiments/hero', { ...reweigh, reRandomise: true });
    expect(reRandomised.phase).toBe(1);
    expect(reRandomised.versions.map((version: { weight: number }) => version.weight)).toEqual([2000, 8000]);
    const delivered = (await fetchPayload(t.app, client.key)).json().experiments[0];
    expect(delivered).toMatchObject({ phase: 1, versions: [{ weight: 2000 }, { weight: 8000 }] });

    await expectStatus(200, 'POST', '/experiments/hero/pause');
    const moved = await send('PATCH', '/experiments/hero', { layer: 'footer', reRandomise: true });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().error.message).toBe('Experiment "hero" is paused: stop it before changing its layer or slots');
    expect((await send('PATCH', '/experiments/hero', { layerSlots: 100 })).statusCode).toBe(409);
    const broken = await send('PATCH', '/experiments/hero', {
      versions: [{ key: 'control', name: 'Control', weight: 10_000, isControl: true }],
      reRandomise: true,
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.details[0].path).toBe('versions');
    expect((await expectStatus(200, 'GET', '/experiments/hero')).phase).toBe(1);

    await expectStatus(200, 'POST', '/experiments/hero/stop', { outcome: 'inconclusive' });
    const frozen = await send('PATCH', '/experiments/hero', { name: 'Hero, stopped', traffic: 100, reRandomise: true });
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json().error.message).toBe('Experiment "hero" is stopped: only its name and hypothesis can change');
    const described = await expectStatus(200, 'PATCH', '/experiments/hero', { hypothesis: 'Bigger is not better' });
    expect(described).toMatchObject({ hypothesis: 'Bigger is not better', name: 'Hero banner', phase: 1 });
  });
});
