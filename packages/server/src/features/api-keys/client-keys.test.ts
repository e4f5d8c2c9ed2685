import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { sdkProject } from '../../../test/sdk';
import type { ChangeBus, ProjectChange } from '../../db/change-bus';
import { createClientKeys } from './client-keys';

/** Changes announced by the test itself, at the moment it chooses: in the middle of a lookup. */
function announcer() {
  const listeners = new Set<(change: ProjectChange) => void>();
  const bus: ChangeBus = {
    notifyProjectChanged: async () => {},
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: async () => {},
  };
  const announce = (projectId: string) => {
    for (const listener of listeners) listener({ projectId });
  };
  return { bus, announce };
}

describe('client keys through a database outage', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('answers a key from memory once the database is gone, even when its last lookup raced a change', async () => {
    t = await createTestApp();
    const project = await sdkProject(t.app);
    const { bus, announce } = announcer();
    const keys = createClientKeys(t.database.db, bus, t.app.log);
    const grant = await keys.resolve(project.clientKey);

    // A change makes the key doubtful; the lookup it causes reads the row while another change lands.
    announce(project.projectId);
    const racing = keys.resolve(project.clientKey);
    announce(project.projectId);
    expect(await racing).toEqual(grant);

    await t.database.close();
    expect(await keys.resolve(project.clientKey)).toEqual(grant);
    keys.close();
  });

  it('answers 503 for a key it never looked up while the database is gone', async () => {
    t = await createTestApp();
    const project = await sdkProject(t.app);
    const keys = createClientKeys(t.database.db, announcer().bus, t.app.log);
    await t.database.close();
    await expect(keys.resolve(project.clientKey)).rejects.toMatchObject({ code: 'unavailable' });
    keys.close();
  });
});
