import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { addMember, asKey, createKey, createProject, signUp } from '../../../test/client';
import { projectApi as createProjectApi } from '../../../test/project-api';

describe('layers', () => {
  const t = useTestApp();

  const projectApi = () => createProjectApi(t);

  it('creates, reads, edits and deletes a layer', async () => {
    const { expectStatus, send } = await projectApi();
    const created = await expectStatus(201, 'POST', '/layers', { key: 'homepage', name: 'Homepage' });
    expect(created).toMatchObject({
      key: 'homepage',
      name: 'Homepage',
      description: '',
      slots: [],
      free: [{ start: 0, end: 10_000 }],
      experiments: [],
    });
    expect((await send('POST', '/layers', { key: 'homepage', name: 'Again' })).statusCode).toBe(409);
    const illegal = await send('POST', '/layers', { key: 'Home Page', name: 'Home' });
    expect(illegal.statusCode).toBe(400);
    expect(illegal.json().error.details[0].path).toBe('key');

    const edited = await expectStatus(200, 'PATCH', '/layers/homepage', { description: 'Hero banner tests' });
    expect(edited).toMatchObject({ key: 'homepage', name: 'Homepage', description: 'Hero banner tests' });
    expect((await send('PATCH', '/layers/homepage', { key: 'other' })).statusCode).toBe(400);
    expect((await send('PATCH', '/layers/homepage', {})).statusCode).toBe(400);
    expect(await expectStatus(200, 'GET', '/layers/homepage')).toEqual(edited);
    await expectStatus(201, 'POST', '/layers', { key: 'checkout', name: 'Checkout' });
    const list = await expectStatus(200, 'GET', '/layers');
    expect(list.layers.map((layer: { key: string }) => layer.key)).toEqual(['checkout', 'homepage']);

    await expectStatus(204, 'DELETE', '/layers/homepage');
    expect((await send('GET', '/layers/homepage')).statusCode).toBe(404);
    expect((await send('DELETE', '/layers/homepage')).statusCode).toBe(404);
  });

  it('maps its slots and is kept while any experiment refers to it', async () => {
    const { expectStatus, send } = await projectApi();
    await expectStatus(201, 'POST', '/layers', { key: 'homepage', name: 'Homepage' });
    const inLayer = (key: string, layerSlots: number) =>
      expectStatus(201, 'POST', '/experiments', { key, name: key, layer: 'homepage', layerSlots });
    await inLayer('first', 3000);
    await inLayer('second', 2000);
    await inLayer('idea', 1000);
    await expectStatus(200, 'POST', '/experiments/first/start');
    await expectStatus(200, 'POST', '/experiments/second/start');
    await expectStatus(200, 'POST', '/experiments/second/pause');

    const layer = await expectStatus(200, 'GET', '/layers/homepage');
    expect(layer.slots).toEqual([
      { experiment: 'first', name: 'first', status: 'running', start: 0, end: 3000 },
      { experiment: 'second', name: 'second', status: 'paused', start: 3000, end: 5000 },
    ]);
    expect(layer.free).toEqual([{ start: 5000, end: 10_000 }]);
    expect(layer.experiments).toEqual(['idea']);

    const refused = await send('DELETE', '/layers/homepage');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'conflict',
      message: 'Layer "homepage" is still used by experiments "first", "idea", "second"',
      details: { experiments: ['first', 'idea', 'second'] },
    });
    await expectStatus(200, 'POST', '/experiments/first/stop', { outcome: 'inconclusive' });
    const afterStop = await expectStatus(200, 'GET', '/layers/homepage');
    expect(afterStop.slots.map((slot: { experiment: string }) => slot.experiment)).toEqual(['second']);
    expect(afterStop.free).toEqual([
      { start: 0, end: 3000 },
      { start: 5000, end: 10_000 },
    ]);
    expect(afterStop.experiments).toEqual(['first', 'idea']);
    expect((await send('DELETE', '/layers/homepage')).statusCode).toBe(409);
  });

  it('lets viewers read, keeps out other organizations, and logs who changed it', async () => {
    const { owner, project, base, as, expectStatus } = await projectApi();
    await expectStatus(201, 'POST', '/layers', { key: 'homepage', name: 'Homepage' });
    const viewer = await addMember(t.app, owner, 'viewer');
    expect((await as(viewer, { url: `${base}/layers/homepage` })).statusCode).toBe(200);
    const write = await as(viewer, { method: 'PATCH', url: `${base}/layers/homepage`, payload: { name: 'Mine' } });
    expect(write.statusCode).toBe(403);
    const stranger = await signUp(t.app, 'stranger');
    expect((await as(stranger, { url: `${base}/layers` })).statusCode).toBe(404);
    const otherProject = await createProject(t.app, owner, 'Other');
    const otherKey = await createKey(t.app, owner, otherProject.id);
    expect((await asKey(t.app, otherKey.key, { url: `${base}/layers` })).statusCode).toBe(404);

    const secret = await createKey(t.app, owner, project.id, 'secret');
    const renamed = await asKey(t.app, secret.key, {
      method: 'PATCH',
      url: `${base}/layers/homepage`,
      payload: { name: 'Home' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const audit = await as(owner, { url: `/api/v1/audit?projectId=${project.id}&entityType=layer` });
    expect(audit.json().entries).toMatchObject([
      {
        action: 'layer.updated',
        actor: { kind: 'api_key', id: secret.id },
        before: { key: 'homepage', name: 'Homepage' },
        after: { key: 'homepage', name: 'Home' },
      },
      { action: 'layer.created', actor: { kind: 'user', id: owner.me.user.id } },
    ]);
  });
});
