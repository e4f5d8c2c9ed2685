import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp, testConfig } from '../../test/app';
import { addFlag, fetchPayload, revisionOf, revokeKey, sdkProject } from '../../test/sdk';
import { buildApp } from '../app';
import { type ChangeBus, createChangeBus, type ProjectChange } from './change-bus';
import { createDatabase, type DatabaseHandle } from './client';

describe('change bus', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function setUp(): Promise<{ t: TestApp; bus: ChangeBus; heard: ProjectChange[] }> {
    const t = await createTestApp();
    cleanups.push(() => t.close());
    const bus = await createChangeBus(t.database, t.app.log);
    cleanups.push(() => bus.close());
    const heard: ProjectChange[] = [];
    bus.subscribe((change) => heard.push(change));
    return { t, bus, heard };
  }

  it('tells this process at once and every listener through the database', async () => {
    const { t, bus, heard } = await setUp();
    const other = await createChangeBus(t.database, t.app.log);
    cleanups.push(() => other.close());
    const heardByOther: ProjectChange[] = [];
    other.subscribe((change) => heardByOther.push(change));

    await bus.notifyProjectChanged('project-a');
    expect(heard[0]).toEqual({ projectId: 'project-a' });
    await vi.waitFor(() => expect(heardByOther).toEqual([{ projectId: 'project-a' }]));
  });

  it.runIf(process.env.DATABASE_URL)('reconnects after losing its connection and reports the gap', async () => {
    const { t, heard } = await setUp();
    await t.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query like 'LISTEN %' and pid <> pg_backend_pid()`,
    );
    await vi.waitFor(() => expect(heard).toContainEqual({ projectId: null }), { timeout: 5000 });
  });
});

describe.runIf(process.env.DATABASE_URL)('two server processes on one PostgreSQL database', () => {
  let first: TestApp;
  let second: { app: Awaited<ReturnType<typeof buildApp>>; database: DatabaseHandle };

  afterEach(async () => {
    await second?.app.close();
    await second?.database.close();
    await first?.close();
  });

  it('see each other’s changes within a second', async () => {
    first = await createTestApp();
    const database = await createDatabase({ databaseUrl: first.databaseUrl });
    second = { app: await buildApp({ config: testConfig(), database }), database };
    await second.app.ready();

    const project = await sdkProject(first.app);
    const before = await revisionOf(first.app, project.clientKey);
    expect(await revisionOf(second.app, project.clientKey)).toBe(before);

    // The second process writes and announces; the first one, which cached the payload, hears it.
    await addFlag(database.db, project.projectId, { key: 'from-the-second' });
    const bus = await createChangeBus(database, second.app.log);
    await bus.notifyProjectChanged(project.projectId);
    await bus.close();
    await vi.waitFor(async () => expect(await revisionOf(first.app, project.clientKey)).not.toBe(before), {
      timeout: 1000,
    });

    // A key revoked through one process stops working on the other.
    await revokeKey(first.app, project);
    await vi.waitFor(async () => expect((await fetchPayload(second.app, project.clientKey)).statusCode).toBe(401), {
      timeout: 1000,
    });
  });
});
