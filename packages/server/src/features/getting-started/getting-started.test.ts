import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../test/app';
import { addMember, call, createProject, type Session, signUp } from '../../../test/client';
import { addExperiment, addFlag, fetchPayload, sdkProject } from '../../../test/sdk';
import { recordFlagUsage } from '../flags/service';

interface Item {
  step: string;
  done: boolean;
  at: string | null;
}

const checklist = async (app: Parameters<typeof call>[0], session: Session, projectId: string) => {
  const response = await call(app, session, { url: `/api/v1/projects/${projectId}/getting-started` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { items: Item[]; demoClientKey: string | null };
};
const doneSteps = (items: Item[]) => items.filter((item) => item.done).map((item) => item.step);

describe('the getting-started checklist', () => {
  const t = useTestApp();

  it('starts with nothing done and ticks each step off as the project really gets there', async () => {
    const project = await sdkProject(t.app);
    const { owner, projectId } = project;
    const fresh = await checklist(t.app, owner, projectId);
    expect(fresh).toEqual({
      items: ['sdk', 'flag', 'metric', 'experiment'].map((step) => ({ step, done: false, at: null })),
      demoClientKey: null,
    });

    // A page loads the SDK: the key's last use is stamped after the answer, so wait for it.
    expect((await fetchPayload(t.app, project.clientKey)).statusCode).toBe(200);
    await vi.waitFor(async () => expect(doneSteps((await checklist(t.app, owner, projectId)).items)).toEqual(['sdk']));

    await addFlag(t.database.db, projectId, { key: 'new-checkout' });
    const evaluatedAt = new Date('2025-03-01T12:00:00.000Z');
    await recordFlagUsage(
      t.database.db,
      [{ projectId, environmentId: project.environments.production!, flagKey: 'new-checkout' }],
      evaluatedAt,
    );
    const metric = await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${projectId}/metrics`,
      payload: { key: 'purchase', name: 'Purchase', type: 'conversion', source: { kind: 'event', event: 'purchase' } },
    });
    expect(metric.statusCode, metric.body).toBe(201);
    // A draft is not started; the started one is what counts.
    await addExperiment(t.database.db, projectId, { key: 'draft', status: 'draft' });
    await addExperiment(t.database.db, projectId, { key: 'checkout', status: 'paused' });

    const { items } = await checklist(t.app, owner, projectId);
    expect(doneSteps(items)).toEqual(['sdk', 'flag', 'metric', 'experiment']);
    expect(items.find((item) => item.step === 'flag')?.at).toBe(evaluatedAt.toISOString());
    expect(items.find((item) => item.step === 'experiment')?.at).not.toBeNull();
  });

  it('is read by any member and by no one outside the organization', async () => {
    const owner = await signUp(t.app);
    const project = await createProject(t.app, owner);
    const viewer = await addMember(t.app, owner, 'viewer');
    expect((await checklist(t.app, viewer, project.id)).items).toHaveLength(4);

    const stranger = await signUp(t.app, 'stranger');
    const foreign = await call(t.app, stranger, { url: `/api/v1/projects/${project.id}/getting-started` });
    expect(foreign.statusCode).toBe(404);
    expect((await call(t.app, null, { url: `/api/v1/projects/${project.id}/getting-started` })).statusCode).toBe(401);
  });
});

describe('the getting-started checklist of the demo project', () => {
  const t = useTestApp({ demo: true });

  it('offers the demo key for /demo?key=…, and shows what the seed already did', async () => {
    const owner = await signUp(t.app, 'first');
    const [demo] = (await call(t.app, owner, { url: '/api/v1/projects' })).json().projects;
    const keys = (await call(t.app, owner, { url: `/api/v1/projects/${demo.id}/keys` })).json().keys;
    const { items, demoClientKey } = await checklist(t.app, owner, demo.id);
    expect(demoClientKey).toBe(keys[0].key);
    expect(doneSteps(items)).toEqual(['metric', 'experiment']);

    // Any other project of the same organization is not the demo.
    const other = await createProject(t.app, owner);
    expect((await checklist(t.app, owner, other.id)).demoClientKey).toBeNull();
  });
});
