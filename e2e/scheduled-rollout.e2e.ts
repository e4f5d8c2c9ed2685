import type { ChangeRequest, ChangeRequestList, SdkPayload } from '@tabula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flagsApi } from './support/flags-api';
import { createClientKey, inviteMember, type Owner, signUpOwnerWithProject } from './support/owner';
import { type RunningServer, startServer } from './support/server';

const FLAG = 'new-checkout';
const STEP_SECONDS = 6;
/** Each server looks for due changes every second: a step on time runs within two. */
const ON_TIME_MS = 2500;

// Issue 18: a 10 → 50 → 100 % rollout, approved by a second person, runs each step on time and exactly once while
// two server processes share one PostgreSQL database, and SDKs of either server follow it.
describe.skipIf(!process.env.DATABASE_URL)('a scheduled rollout with two server processes', () => {
  const secret = { TABULA_SECRET: 'scheduled-rollout-shared-secret-'.padEnd(48, 'x') };
  let first: RunningServer;
  let second: RunningServer;
  let owner: Owner;
  let approver: Awaited<ReturnType<typeof inviteMember>>;
  let restarted: RunningServer | undefined;

  beforeAll(async () => {
    first = await startServer(secret);
    second = await startServer(secret, { sharingDatabaseOf: first });
    owner = await signUpOwnerWithProject(first.url);
    approver = await inviteMember(first.url, owner, { role: 'admin', email: 'approver@example.com', name: 'Ada' });
    await flagsApi(first.url, owner).create({ key: FLAG, name: 'New checkout', type: 'boolean' });
    const asked = await fetch(`${second.url}/api/v1/projects/${owner.projectId}/environments/production`, {
      method: 'PATCH',
      headers: owner.headers,
      body: JSON.stringify({ requiredApprovals: 1 }),
    });
    expect(asked.status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await restarted?.halt();
    await second?.halt();
    await first?.stop();
  });

  it('runs each step once, on time, and both servers serve it', async () => {
    const base = `/api/v1/projects/${owner.projectId}`;
    const start = Date.now() + 4000;
    const steps = [10, 50, 100].map((percentage, index) => ({
      percentage,
      at: new Date(start + index * STEP_SECONDS * 1000).toISOString(),
    }));
    const planned = await fetch(`${first.url}${base}/change-requests/rollout-plan`, {
      method: 'POST',
      headers: owner.headers,
      body: JSON.stringify({ flag: FLAG, environment: 'production', variant: 'on', steps }),
    });
    expect(planned.status).toBe(201);
    const requests = ((await planned.json()) as { changeRequests: ChangeRequest[] }).changeRequests;
    expect(requests.map((request) => request.status)).toEqual(['in_review', 'in_review', 'in_review']);

    // The owner cannot approve their own plan; another admin does, on the other server.
    const own = await fetch(`${first.url}${base}/change-requests/${requests[0]!.id}/approve`, {
      method: 'POST',
      headers: owner.headers,
      body: '{}',
    });
    expect(own.status).toBe(403);
    for (const request of requests) {
      const approved = await fetch(`${second.url}${base}/change-requests/${request.id}/approve`, {
        method: 'POST',
        headers: approver.headers,
        body: JSON.stringify({ comment: 'Go' }),
      });
      expect(approved.status).toBe(200);
      expect(((await approved.json()) as ChangeRequest).status).toBe('approved');
    }

    // SDKs of both servers are watched while the steps run: each must see 10 %, then 50 %, then 100 %.
    const clientKey = await createClientKey(first.url, owner);
    const seen: Record<string, number[]> = { [first.url]: [], [second.url]: [] };
    const watch = async (url: string) => {
      const response = await fetch(`${url}/sdk/v1/payload/${clientKey}`);
      const payload = (await response.json()) as SdkPayload;
      const flag = payload.flags.find((candidate) => candidate.key === FLAG);
      const serve = flag?.enabled ? flag.rules.at(-1)?.serve : undefined;
      const weight = serve?.kind === 'rollout' ? serve.weights.find((w) => w.variant === 'on')?.weight : undefined;
      if (weight !== undefined && seen[url]!.at(-1) !== weight) seen[url]!.push(weight);
    };
    const deadline = start + 2 * STEP_SECONDS * 1000 + 15_000;
    let all: ChangeRequest[] = [];
    while (Date.now() < deadline) {
      await Promise.all([watch(first.url), watch(second.url)]);
      const list = await fetch(`${second.url}${base}/change-requests?status=all&flag=${FLAG}`, {
        headers: owner.headers,
      });
      all = ((await list.json()) as ChangeRequestList).changeRequests;
      if (all.every((request) => request.status === 'applied')) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await Promise.all([watch(first.url), watch(second.url)]);

    expect(all.map((request) => request.status)).toEqual(['applied', 'applied', 'applied']);
    for (const request of all) {
      const lateMs = Date.parse(request.appliedAt!) - Date.parse(request.scheduledAt!);
      expect(lateMs, `step ${request.plan?.step}`).toBeGreaterThanOrEqual(0);
      expect(lateMs, `step ${request.plan?.step}`).toBeLessThan(ON_TIME_MS);
      expect(request.lateBySeconds).toBeNull();
    }
    expect(seen[first.url]).toEqual([1000, 5000, 10_000]);
    expect(seen[second.url]).toEqual([1000, 5000, 10_000]);

    // Exactly once: one run and one flag change per step, whichever server ran it.
    const ran = await first.query<{ action: string; count: string }>(
      `SELECT action, count(*) AS count FROM audit_log
        WHERE project_id = $1 AND action IN ('scheduled_change.ran', 'flag.environment_updated')
        GROUP BY action ORDER BY action`,
      [owner.projectId],
    );
    expect(ran).toEqual([
      { action: 'flag.environment_updated', count: '3' },
      { action: 'scheduled_change.ran', count: '3' },
    ]);
  }, 90_000);

  it('runs a change whose time passed while no server ran as soon as one starts, and says how late', async () => {
    const base = `/api/v1/projects/${owner.projectId}`;
    const at = new Date(Date.now() + 4000);
    const created = await fetch(`${first.url}${base}/change-requests`, {
      method: 'POST',
      headers: owner.headers,
      body: JSON.stringify({
        operations: [{ kind: 'flag.environment', flag: FLAG, environment: 'development', change: { enabled: true } }],
        scheduledAt: at.toISOString(),
      }),
    });
    expect(created.status).toBe(201);
    const request = (await created.json()) as ChangeRequest;
    expect(request.status).toBe('approved');
    await Promise.all([first.halt(), second.halt()]);
    const [waiting] = await first.query<{ status: string }>('SELECT status FROM change_request WHERE id = $1', [
      request.id,
    ]);
    expect(waiting?.status).toBe('approved');

    // Down through its time and well past it; the next server to start runs it at once.
    await new Promise((resolve) => setTimeout(resolve, at.getTime() + 12_000 - Date.now()));
    restarted = await startServer(secret, { sharingDatabaseOf: first });
    const read = async () =>
      (await (
        await fetch(`${restarted!.url}${base}/change-requests/${request.id}`, { headers: owner.headers })
      ).json()) as ChangeRequest;
    await expect.poll(async () => (await read()).status, { timeout: 15_000 }).toBe('applied');
    expect((await read()).lateBySeconds).toBeGreaterThanOrEqual(10);
  }, 60_000);
});
