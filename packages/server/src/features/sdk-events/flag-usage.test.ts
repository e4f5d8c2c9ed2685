import { MAX_FLAG_KEYS_PER_BATCH } from '@tabula/protocol';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { call } from '../../../test/client';
import { addFlag, type SdkProject, sdkProject } from '../../../test/sdk';
import { event as eventTable, flagUsage } from '../../db/schema';
import { recordFlagUsage } from '../flags/service';

let counter = 0;
const track = () => ({
  id: `usage-${Date.now().toString(36)}-${++counter}`,
  type: 'track',
  at: Date.now(),
  unitId: 'visitor-1',
  event: 'purchase',
});

describe('flag usage', () => {
  const t = useTestApp();

  const postEvents = (clientKey: string, body: unknown, contentType = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url: `/sdk/v1/events/${clientKey}`,
      headers: { 'content-type': contentType },
      payload: JSON.stringify(body),
    });

  /** When the console says an SDK last evaluated the flag, per environment key. */
  async function lastEvaluated(project: SdkProject, flagKey: string): Promise<Record<string, string | null>> {
    const response = await call(t.app, project.owner, {
      method: 'GET',
      url: `/api/v1/projects/${project.projectId}/flags/${flagKey}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const environments = response.json().environments as Record<string, { lastEvaluatedAt: string | null }>;
    return Object.fromEntries(Object.entries(environments).map(([key, state]) => [key, state.lastEvaluatedAt]));
  }

  const usageRows = (projectId: string) =>
    t.database.db.select().from(flagUsage).where(eq(flagUsage.projectId, projectId));

  async function shop() {
    const project = await sdkProject(t.app);
    for (const key of ['checkout', 'banner']) await addFlag(t.database.db, project.projectId, { key });
    return project;
  }

  it('records the flags a batch reports, for the key’s environment only, even without events', async () => {
    const project = await shop();
    const before = Date.now();
    const response = await postEvents(project.clientKey, { flags: ['checkout'] });
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toEqual({ accepted: 0, duplicates: 0, rejected: [] });

    const checkout = await lastEvaluated(project, 'checkout');
    expect(checkout.development).toBeNull();
    expect(Date.parse(checkout.production!)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(checkout.production!)).toBeLessThanOrEqual(Date.now() + 1000);
    expect((await lastEvaluated(project, 'banner')).production).toBeNull();
  });

  it('takes usage beside events, from sendBeacon’s text/plain too', async () => {
    const project = await shop();
    const event = track();
    const response = await postEvents(project.clientKey, { events: [event], flags: ['banner'] }, 'text/plain');
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json().accepted).toBe(1);
    const stored = await t.database.db.select().from(eventTable).where(eq(eventTable.eventId, event.id));
    expect(stored).toHaveLength(1);
    expect((await lastEvaluated(project, 'banner')).production).not.toBeNull();
  });

  it('ignores keys of flags the project does not have, and flags of other projects', async () => {
    const project = await shop();
    const other = await shop();
    expect((await postEvents(other.clientKey, { flags: ['checkout', 'ghost'] })).statusCode).toBe(202);
    expect((await usageRows(other.projectId)).map((row) => row.flagKey)).toEqual(['checkout']);
    expect(await usageRows(project.projectId)).toEqual([]);
    expect((await lastEvaluated(project, 'checkout')).production).toBeNull();
  });

  it('only moves a flag’s time forward', async () => {
    const project = await shop();
    const report = {
      projectId: project.projectId,
      environmentId: project.environments.production!,
      flagKey: 'checkout',
    };
    await recordFlagUsage(t.database.db, [report], new Date('2030-01-01T00:00:00.000Z'));
    await recordFlagUsage(t.database.db, [report], new Date('2029-01-01T00:00:00.000Z'));
    expect((await lastEvaluated(project, 'checkout')).production).toBe('2030-01-01T00:00:00.000Z');
    await recordFlagUsage(t.database.db, [report], new Date('2031-01-01T00:00:00.000Z'));
    expect((await lastEvaluated(project, 'checkout')).production).toBe('2031-01-01T00:00:00.000Z');
  });

  it('refuses bad usage with reasons, storing nothing of the batch', async () => {
    const project = await shop();
    const event = track();
    const bad: [unknown, string][] = [
      ['checkout', 'flags'],
      [['checkout', 'Not A Key'], 'flags.1'],
      [['checkout', 7], 'flags.1'],
      [Array.from({ length: MAX_FLAG_KEYS_PER_BATCH + 1 }, (_, index) => `flag-${index}`), 'flags'],
    ];
    for (const [flags, path] of bad) {
      const response = await postEvents(project.clientKey, { events: [event], flags });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
      expect(response.json().error.details).toContainEqual(expect.objectContaining({ path }));
    }
    const empty = await postEvents(project.clientKey, { events: [], flags: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toMatch(/events, evaluated flags or both/);

    expect(await t.database.db.select().from(eventTable).where(eq(eventTable.eventId, event.id))).toEqual([]);
    expect(await usageRows(project.projectId)).toEqual([]);
  });

  it('records the flags online evaluation evaluated, not the ones it did not find', async () => {
    const project = await shop();
    const response = await t.app.inject({
      method: 'POST',
      url: `/sdk/v1/evaluate/${project.clientKey}`,
      payload: { unitId: 'visitor-1', flags: ['checkout', 'ghost'] },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().flags.ghost.errorCode).toBe('FLAG_NOT_FOUND');
    expect((await lastEvaluated(project, 'checkout')).production).not.toBeNull();
    expect((await lastEvaluated(project, 'banner')).production).toBeNull();

    await t.app.inject({
      method: 'POST',
      url: `/sdk/v1/evaluate/${project.clientKey}`,
      payload: { unitId: 'visitor-1' },
    });
    expect((await lastEvaluated(project, 'banner')).production).not.toBeNull();
  });
});
