import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { sdkShop } from '../../../test/sdk';
import { event as eventTable } from '../../db/schema';

describe('SDK online evaluation', () => {
  const t = useTestApp();

  const evaluate = (clientKey: string, body: unknown) =>
    t.app.inject({ method: 'POST', url: `/sdk/v1/evaluate/${clientKey}`, payload: body as object });

  it('computes every flag and experiment for one unit', async () => {
    const project = await sdkShop(t.app, t.database.db);
    const response = await evaluate(project.clientKey, { unitId: 'visitor-7', attributes: { plan: 'pro' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    const { flags, experiments } = response.json();
    expect(flags.beta).toEqual({ key: 'beta', value: true, variant: 'on', reason: 'TARGETING_MATCH', ruleId: 'pros' });
    const version = experiments.hero.version as string;
    expect(experiments.hero).toEqual({
      experiment: 'hero',
      version,
      params: { size: version === 'small' ? 's' : 'l' },
    });
    expect(flags['hero-size'].value).toBe(version === 'small' ? 's' : 'l');
    // The same unit gets the same version every time.
    const again = await evaluate(project.clientKey, { unitId: 'visitor-7' });
    expect(again.json().experiments.hero.version).toBe(version);
    expect(again.json().flags.beta).toMatchObject({ value: false, reason: 'DEFAULT' });
  });

  it('answers only what was asked, naming unknown flags', async () => {
    const project = await sdkShop(t.app, t.database.db);
    const response = await evaluate(project.clientKey, {
      unitId: 'visitor-1',
      flags: ['beta', 'missing'],
      experiments: ['nope'],
    });
    const { flags, experiments } = response.json();
    expect(Object.keys(flags)).toEqual(['beta', 'missing']);
    expect(flags.missing).toMatchObject({ reason: 'ERROR', errorCode: 'FLAG_NOT_FOUND', value: null });
    expect(experiments).toEqual({});
  });

  it('logs an exposure per experiment the unit is in, once however often it asks', async () => {
    const project = await sdkShop(t.app, t.database.db);
    const exposures = () => t.database.db.select().from(eventTable).where(eq(eventTable.projectId, project.projectId));
    const body = { unitId: 'visitor-9', logExposure: true };
    const first = await evaluate(project.clientKey, body);
    expect(first.statusCode, first.body).toBe(200);
    await evaluate(project.clientKey, body);
    const rows = await exposures();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: 'exposure',
      unitId: 'visitor-9',
      experiment: 'hero',
      version: first.json().experiments.hero.version,
      environmentId: project.environments.production,
    });
    // Without the flag nothing is logged.
    await evaluate(project.clientKey, { unitId: 'visitor-10' });
    expect(await exposures()).toHaveLength(1);
  });

  it('validates the request', async () => {
    const project = await sdkShop(t.app, t.database.db);
    const unknownField = await evaluate(project.clientKey, { unitId: 'v', colour: 'red' });
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json().error.code).toBe('validation_failed');
    expect((await evaluate(project.clientKey, { attributes: {} })).statusCode).toBe(400);
    expect((await evaluate('tbc_unknownunknown', { unitId: 'v' })).statusCode).toBe(404);
  });
});
