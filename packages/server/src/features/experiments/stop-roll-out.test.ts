import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { createKey } from '../../../test/client';
import { projectApi } from '../../../test/project-api';
import { fetchPayload } from '../../../test/sdk';

const serveExperiment = (id: string, experiment: string, param?: string) => ({
  id,
  serve: { kind: 'experiment', experiment, ...(param && { param }) },
});

describe('stopping an experiment with a roll-out', () => {
  const t = useTestApp();

  async function heroProject() {
    const api = await projectApi(t);
    const { expectStatus } = api;
    await expectStatus(201, 'POST', '/experiments', {
      key: 'hero',
      name: 'Hero',
      versions: [
        { key: 'control', name: 'Control', weight: 5000, isControl: true, params: { size: 'm', 'hero-on': false } },
        { key: 'large', name: 'Large', weight: 5000, params: { size: 'xl', 'hero-on': true } },
      ],
    });
    await expectStatus(201, 'POST', '/flags', {
      key: 'hero-size',
      name: 'Hero size',
      type: 'string',
      variants: [{ key: 'medium', value: 'm' }],
    });
    const vip = {
      id: 'vip',
      conditions: [{ attribute: 'plan', operator: 'eq', values: ['vip'] }],
      serve: { kind: 'variant', variant: 'medium' },
    };
    await expectStatus(200, 'PUT', '/flags/hero-size/environments/production', {
      enabled: true,
      rules: [vip, serveExperiment('exp', 'hero', 'size')],
    });
    await expectStatus(200, 'PUT', '/flags/hero-size/environments/development', {
      rules: [serveExperiment('exp-dev', 'hero', 'size')],
    });
    await expectStatus(201, 'POST', '/flags', { key: 'hero-on', name: 'Hero on', type: 'boolean' });
    await expectStatus(200, 'PUT', '/flags/hero-on/environments/production', {
      enabled: true,
      rules: [serveExperiment('exp', 'hero')],
    });
    await expectStatus(200, 'POST', '/experiments/hero/start');
    return { ...api, vip };
  }

  it('makes every rule serving the experiment serve the shipped version’s value', async () => {
    const { project, owner, expectStatus, vip, as } = await heroProject();
    const client = await createKey(t.app, owner, project.id, 'client');
    const stopped = await expectStatus(200, 'POST', '/experiments/hero/stop', {
      outcome: 'ship',
      version: 'large',
      rollOut: true,
    });
    expect(stopped.decision).toMatchObject({ outcome: 'ship', version: 'large' });

    const size = await expectStatus(200, 'GET', '/flags/hero-size');
    expect(size.variants).toEqual([
      { key: 'medium', value: 'm' },
      { key: 'hero-large', value: 'xl' },
    ]);
    expect(size.environments.production.rules).toEqual([
      { ...vip, segments: [] },
      { id: 'exp', conditions: [], segments: [], serve: { kind: 'variant', variant: 'hero-large' } },
    ]);
    expect(size.environments.development.rules).toEqual([
      { id: 'exp-dev', conditions: [], segments: [], serve: { kind: 'variant', variant: 'hero-large' } },
    ]);
    const on = await expectStatus(200, 'GET', '/flags/hero-on');
    expect(on.variants).toHaveLength(2);
    expect(on.environments.production.rules[0].serve).toEqual({ kind: 'variant', variant: 'on' });

    const payload = (await fetchPayload(t.app, client.key)).json();
    expect(payload.experiments).toEqual([]);
    const delivered = payload.flags.find((flag: { key: string }) => flag.key === 'hero-size');
    expect(delivered.rules[1].serve).toEqual({ kind: 'variant', variant: 'hero-large' });

    const audit = await as(owner, { url: `/api/v1/audit?projectId=${project.id}&limit=5` });
    // Newest first: hero-size's two environments and its new variant, then hero-on's rule (flags go by key).
    expect(audit.json().entries.map((entry: { action: string }) => entry.action)).toEqual([
      'flag.environment_updated',
      'flag.environment_updated',
      'flag.updated',
      'flag.environment_updated',
      'experiment.stopped',
    ]);
  });

  it('rolls back to the control’s value', async () => {
    const { expectStatus } = await heroProject();
    await expectStatus(200, 'POST', '/experiments/hero/stop', { outcome: 'rollback', rollOut: true });
    const size = await expectStatus(200, 'GET', '/flags/hero-size');
    expect(size.variants).toEqual([{ key: 'medium', value: 'm' }]);
    expect(size.environments.production.rules[1].serve).toEqual({ kind: 'variant', variant: 'medium' });
    const on = await expectStatus(200, 'GET', '/flags/hero-on');
    expect(on.environments.production.rules[0].serve).toEqual({ kind: 'variant', variant: 'off' });
  });

  it('changes nothing when the decision cannot be rolled out', async () => {
    const { expectStatus, send } = await heroProject();
    const inconclusive = await send('POST', '/experiments/hero/stop', { outcome: 'inconclusive', rollOut: true });
    expect(inconclusive.statusCode).toBe(400);
    expect(inconclusive.json().error.details[0].path).toBe('rollOut');
    const unnamed = await send('POST', '/experiments/hero/stop', { outcome: 'ship', rollOut: true });
    expect(unnamed.json().error.details[0]).toEqual({ path: 'version', message: 'Please input the version to ship' });

    await expectStatus(201, 'POST', '/flags', {
      key: 'hero-text',
      name: 'Hero text',
      type: 'string',
      variants: [{ key: 'plain', value: 'Welcome' }],
    });
    await expectStatus(200, 'PUT', '/flags/hero-text/environments/production', {
      rules: [serveExperiment('exp', 'hero', 'text')],
    });
    const sizeBefore = await expectStatus(200, 'GET', '/flags/hero-size');
    const unset = await send('POST', '/experiments/hero/stop', { outcome: 'ship', version: 'large', rollOut: true });
    expect(unset.statusCode).toBe(409);
    expect(unset.json().error.message).toContain('Flag "hero-text" serves param "text" of experiment "hero"');
    expect((await expectStatus(200, 'GET', '/experiments/hero')).status).toBe('running');
    expect(await expectStatus(200, 'GET', '/flags/hero-size')).toEqual(sizeBefore);

    const stopped = await expectStatus(200, 'POST', '/experiments/hero/stop', { outcome: 'ship', version: 'large' });
    expect(stopped.status).toBe('stopped');
    expect((await expectStatus(200, 'GET', '/flags/hero-size')).environments).toEqual(sizeBefore.environments);
  });
});
