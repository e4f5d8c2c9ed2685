import type { ChangeRequest } from '@tabula/protocol';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { addMember, asKey, call, createKey, createProject, signUp } from '../../../test/client';
import { runDueChangeRequest } from './service';

type Caller = (options: InjectOptions) => ReturnType<typeof call>;

describe('change requests', () => {
  const t = useTestApp();

  async function setUp(requiredApprovals = 1) {
    const owner = await signUp(t.app);
    const project = await createProject(t.app, owner);
    const base = `/api/v1/projects/${project.id}`;
    const asOwner: Caller = (options) => call(t.app, owner, options);
    const member = async (role: 'admin' | 'editor' | 'viewer', grant = false) => {
      const session = await addMember(t.app, owner, role);
      if (grant) {
        const url = `${base}/members/${session.me.user.id}`;
        await asOwner({ method: 'PUT', url, payload: { role: null, protectedEnvironments: true } });
      }
      return ((options) => call(t.app, session, options)) as Caller;
    };
    const set = await asOwner({
      method: 'PATCH',
      url: `${base}/environments/production`,
      payload: { requiredApprovals },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().requiredApprovals).toBe(requiredApprovals);
    await asOwner({
      method: 'POST',
      url: `${base}/flags`,
      payload: { key: 'banner', name: 'Banner', type: 'boolean' },
    });
    return {
      project,
      owner,
      base,
      asOwner,
      editor: await member('editor'),
      approver: await member('editor', true),
      admin: await member('admin'),
      viewer: await member('viewer'),
    };
  }

  const flagIn = async (caller: Caller, base: string, env: string) =>
    (await caller({ method: 'GET', url: `${base}/flags/banner/environments/${env}` })).json();
  const requestsOf = async (caller: Caller, base: string, query = '') =>
    (await caller({ method: 'GET', url: `${base}/change-requests${query}` })).json();

  async function act(caller: Caller, base: string, id: string, action: string, payload?: object) {
    return caller({ method: 'POST', url: `${base}/change-requests/${id}/${action}`, ...(payload && { payload }) });
  }

  it('holds a production change in a draft, asks for review, and applies it on another person’s approval', async () => {
    const { base, editor, approver } = await setUp();
    const switched = await editor({
      method: 'PUT',
      url: `${base}/flags/banner/environments/production`,
      payload: { enabled: true },
    });
    expect(switched.statusCode, switched.body).toBe(202);
    const draft: ChangeRequest = switched.json().changeRequest;
    expect(draft).toMatchObject({ status: 'draft', number: 1, can: { submit: true, approve: false } });
    expect(draft.changes[0]).toMatchObject({
      target: { kind: 'flag', key: 'banner' },
      before: { enabled: false, rules: [] },
      after: { enabled: true },
    });
    expect((await flagIn(editor, base, 'production')).enabled).toBe(false);

    // A second edit of the same flag and environment joins the first in the same draft.
    const rules = [{ conditions: [], segments: [], serve: { kind: 'variant', variant: 'on' } }];
    const again = await editor({
      method: 'PUT',
      url: `${base}/flags/banner/environments/production`,
      payload: { rules },
    });
    expect(again.statusCode, again.body).toBe(202);
    expect(again.json().changeRequest.id).toBe(draft.id);
    expect(again.json().changeRequest.changes).toHaveLength(1);
    expect(again.json().changeRequest.changes[0].operation.change).toEqual({ enabled: true, rules });

    const submitted = await act(editor, base, draft.id, 'submit');
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json()).toMatchObject({
      status: 'in_review',
      requiredApprovals: 1,
      environments: [{ key: 'production', name: 'Production' }],
    });

    const own = await act(editor, base, draft.id, 'approve');
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toMatch(/someone else must review it/);
    expect((await requestsOf(approver, base)).awaitingYourReview).toBe(1);
    expect((await requestsOf(editor, base)).awaitingYourReview).toBe(0);

    const approved = await act(approver, base, draft.id, 'approve', { comment: 'Looks right' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'applied', approvals: [{ user: { name: expect.any(String) } }] });
    expect(approved.json().comments[0]).toMatchObject({ body: 'Looks right', verdict: 'approved' });
    const state = await flagIn(editor, base, 'production');
    expect(state.enabled).toBe(true);
    expect(state.rules).toHaveLength(1);

    const audit = await editor({ method: 'GET', url: `/api/v1/audit?limit=50` });
    const actions = audit.json().entries.map((entry: { action: string }) => entry.action);
    for (const action of [
      'change_request.created',
      'change_request.submitted',
      'change_request.approved',
      'change_request.applied',
    ]) {
      expect(actions).toContain(action);
    }
    // The flag's own entry names its author, the editor, not the approver.
    const flagEntry = audit.json().entries.find((entry: { action: string }) => entry.action.startsWith('flag.'));
    expect(flagEntry.actor.id).toBe(draft.author.id);
  });

  it('announces reviews, approvals and scheduled runs to subscribed webhooks', async () => {
    const { base, editor, approver, asOwner } = await setUp();
    const events = ['change_request.review_requested', 'change_request.approved', 'scheduled_change.ran'];
    const hook = await asOwner({
      method: 'POST',
      url: `${base}/webhooks`,
      payload: { name: 'Release feed', url: 'http://127.0.0.1:9/hooks', events },
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const at = new Date(Date.now() + 3_600_000);
    const created = await editor({
      method: 'POST',
      url: `${base}/change-requests`,
      payload: {
        operations: [
          { kind: 'flag.environment', flag: 'banner', environment: 'production', change: { enabled: true } },
        ],
        scheduledAt: at.toISOString(),
      },
    });
    await act(approver, base, created.json().id, 'approve');
    await t.database.db.transaction((tx) => runDueChangeRequest(tx, new Date(at.getTime() + 1000)));
    const deliveries = await asOwner({ method: 'GET', url: `${base}/webhooks/${hook.json().id}/deliveries` });
    const types = deliveries.json().deliveries.map((delivery: { eventType: string }) => delivery.eventType);
    expect(types.sort()).toEqual([...events].sort());
  });

  it('lets editors without the grant request instead of being refused, and keeps viewers out', async () => {
    const { base, editor, viewer, asOwner } = await setUp();
    const diverted = await editor({
      method: 'POST',
      url: `${base}/flags/banner/environments/copy`,
      payload: { from: 'development', to: 'production' },
    });
    expect(diverted.statusCode, diverted.body).toBe(202);
    const denied = await viewer({ method: 'PUT', url: `${base}/flags/banner/environments/production`, payload: {} });
    expect(denied.statusCode).toBe(403);
    // Owners are held to four eyes as well.
    const owner = await asOwner({
      method: 'PUT',
      url: `${base}/flags/banner/environments/production`,
      payload: { enabled: true },
    });
    expect(owner.statusCode).toBe(202);
    // Development asks for no approval: it changes at once.
    const dev = await editor({
      method: 'PUT',
      url: `${base}/flags/banner/environments/development`,
      payload: { enabled: true },
    });
    expect(dev.statusCode).toBe(200);
  });

  it('reports a conflict instead of overwriting a change made underneath', async () => {
    const { base, editor, approver, admin } = await setUp();
    const make = async (caller: Caller, enabled: boolean) => {
      const created = await caller({
        method: 'POST',
        url: `${base}/change-requests`,
        payload: {
          title: `Switch ${enabled}`,
          operations: [{ kind: 'flag.environment', flag: 'banner', environment: 'production', change: { enabled } }],
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().status).toBe('in_review');
      return created.json() as ChangeRequest;
    };
    const first = await make(editor, true);
    const second = await make(admin, true);
    expect((await act(approver, base, first.id, 'approve')).json().status).toBe('applied');
    const late = await act(approver, base, second.id, 'approve');
    expect(late.json()).toMatchObject({
      status: 'failed',
      failure: expect.stringMatching(/changed after this request/),
    });
    const audit = await editor({ method: 'GET', url: `/api/v1/audit?limit=10` });
    expect(audit.json().entries.map((entry: { action: string }) => entry.action)).toContain('change_request.failed');
  });

  it('rejects and cancels, and refuses what the state does not allow', async () => {
    const { base, editor, approver, viewer } = await setUp();
    const operations = [
      { kind: 'flag.environment', flag: 'banner', environment: 'production', change: { enabled: true } },
    ];
    const created = await editor({ method: 'POST', url: `${base}/change-requests`, payload: { operations } });
    const id = created.json().id;
    const rejected = await act(approver, base, id, 'reject', { comment: 'Not before the sale' });
    expect(rejected.json()).toMatchObject({ status: 'rejected', comments: [{ verdict: 'rejected' }] });
    expect((await act(approver, base, id, 'approve')).statusCode).toBe(409);
    expect((await act(editor, base, id, 'cancel')).statusCode).toBe(409);

    const other = await editor({ method: 'POST', url: `${base}/change-requests`, payload: { operations } });
    expect((await act(viewer, base, other.json().id, 'cancel')).statusCode).toBe(403);
    const commented = await editor({
      method: 'POST',
      url: `${base}/change-requests/${other.json().id}/comments`,
      payload: { body: 'For the launch on Monday' },
    });
    expect(commented.json().comments[0]).toMatchObject({ body: 'For the launch on Monday', verdict: null });
    expect((await act(editor, base, other.json().id, 'cancel')).json().status).toBe('cancelled');
    const open = await requestsOf(editor, base);
    expect(open.changeRequests).toEqual([]);
    expect((await requestsOf(editor, base, '?status=all&flag=banner')).total).toBe(2);
  });

  it('refuses bad changes when they are asked for, writing nothing', async () => {
    const { base, editor } = await setUp();
    const post = (payload: object) => editor({ method: 'POST', url: `${base}/change-requests`, payload });
    const change = (value: object) => ({
      operations: [{ kind: 'flag.environment', flag: 'banner', environment: 'production', change: value }],
    });
    const unknownVariant = await post(change({ rules: [{ serve: { kind: 'variant', variant: 'nope' } }] }));
    expect(unknownVariant.statusCode, unknownVariant.body).toBe(400);
    const missing = await post({
      operations: [{ kind: 'flag.environment', flag: 'ghost', environment: 'production', change: { enabled: true } }],
    });
    expect(missing.statusCode).toBe(404);
    const past = await post({ ...change({ enabled: true }), scheduledAt: '2020-01-01T00:00:00Z' });
    expect(past.statusCode).toBe(400);
    expect((await post({ operations: [] })).statusCode).toBe(400);
    expect((await requestsOf(editor, base, '?status=all')).total).toBe(0);
  });

  it('runs a scheduled change once, at its time or late saying so, and a rollout plan step by step', async () => {
    const { base, editor, approver, asOwner } = await setUp();
    const db = t.database.db;
    const inAnHour = new Date(Date.now() + 3_600_000);
    const scheduled = await editor({
      method: 'POST',
      url: `${base}/change-requests`,
      payload: {
        operations: [
          { kind: 'flag.environment', flag: 'banner', environment: 'development', change: { enabled: true } },
        ],
        scheduledAt: inAnHour.toISOString(),
      },
    });
    expect(scheduled.json()).toMatchObject({ status: 'approved', scheduledAt: inAnHour.toISOString() });
    expect(await db.transaction((tx) => runDueChangeRequest(tx, new Date()))).toBeNull();

    // Two runners at once, as two server processes would be: one takes it, the other finds nothing.
    const later = new Date(inAnHour.getTime() + 5 * 60_000);
    const runs = await Promise.all([0, 1].map(() => db.transaction((tx) => runDueChangeRequest(tx, later))));
    expect(runs.filter(Boolean)).toHaveLength(1);
    const ran = (await editor({ method: 'GET', url: `${base}/change-requests/${scheduled.json().id}` })).json();
    expect(ran).toMatchObject({ status: 'applied', lateBySeconds: 300 });
    expect((await flagIn(editor, base, 'development')).enabled).toBe(true);

    // A 10 → 50 → 100 % rollout in production, approved step by step.
    const steps = [10, 50, 100].map((percentage, index) => ({
      percentage,
      at: new Date(Date.now() + (index + 1) * 86_400_000).toISOString(),
    }));
    const plan = await editor({
      method: 'POST',
      url: `${base}/change-requests/rollout-plan`,
      payload: { flag: 'banner', environment: 'production', variant: 'on', steps },
    });
    expect(plan.statusCode, plan.body).toBe(201);
    const stepRequests: ChangeRequest[] = plan.json().changeRequests;
    expect(stepRequests.map((request) => [request.status, request.plan?.step, request.plan?.steps])).toEqual([
      ['in_review', 1, 3],
      ['in_review', 2, 3],
      ['in_review', 3, 3],
    ]);
    for (const request of stepRequests) {
      expect((await act(approver, base, request.id, 'approve')).json().status).toBe('approved');
    }
    const weights = async () => {
      const state = await flagIn(asOwner, base, 'production');
      return { enabled: state.enabled, weights: state.rules.at(-1)?.serve.weights };
    };
    expect((await weights()).enabled).toBe(false);
    for (const [index, step] of steps.entries()) {
      const at = new Date(new Date(step.at).getTime() + 1000);
      expect(await db.transaction((tx) => runDueChangeRequest(tx, at))).not.toBeNull();
      expect(await db.transaction((tx) => runDueChangeRequest(tx, at))).toBeNull();
      const on = step.percentage * 100;
      expect(await weights(), `step ${index + 1}`).toEqual({
        enabled: true,
        weights: [
          { variant: 'on', weight: on },
          { variant: 'off', weight: 10_000 - on },
        ],
      });
    }
    const audit = await editor({ method: 'GET', url: `/api/v1/audit?limit=100` });
    const ranEntries = audit
      .json()
      .entries.filter((entry: { action: string }) => entry.action === 'scheduled_change.ran');
    expect(ranEntries).toHaveLength(4);
  });

  it('holds experiment starts and segment edits reaching production, counting the approvals asked for', async () => {
    const { project, owner, base, editor, approver, admin, asOwner } = await setUp(0);
    await asOwner({ method: 'POST', url: `${base}/segments`, payload: { key: 'vip', name: 'VIP', conditions: [] } });
    const rules = [{ segments: ['vip'], serve: { kind: 'variant', variant: 'on' } }];
    const ruled = await asOwner({
      method: 'PUT',
      url: `${base}/flags/banner/environments/production`,
      payload: { rules },
    });
    expect(ruled.statusCode, ruled.body).toBe(200);
    await asOwner({ method: 'PATCH', url: `${base}/environments/production`, payload: { requiredApprovals: 2 } });

    const edited = await editor({ method: 'PATCH', url: `${base}/segments/vip`, payload: { name: 'Best customers' } });
    expect(edited.statusCode, edited.body).toBe(202);
    const segmentDraft: ChangeRequest = edited.json().changeRequest;
    expect(segmentDraft.changes[0]).toMatchObject({ before: { name: 'VIP' }, after: { name: 'Best customers' } });

    const created = await asOwner({
      method: 'POST',
      url: `${base}/experiments`,
      payload: { key: 'hero', name: 'Hero' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const start = await editor({ method: 'POST', url: `${base}/experiments/hero/start` });
    expect(start.statusCode, start.body).toBe(202);
    // Both wait in the editor's one draft.
    const draft: ChangeRequest = start.json().changeRequest;
    expect(draft.id).toBe(segmentDraft.id);
    expect(draft.changes[1]).toMatchObject({ before: { status: 'draft' }, after: { status: 'running' } });
    expect((await act(editor, base, draft.id, 'submit')).json()).toMatchObject({ requiredApprovals: 2 });
    expect((await act(approver, base, draft.id, 'approve')).json()).toMatchObject({ status: 'in_review' });
    expect((await act(approver, base, draft.id, 'approve')).statusCode).toBe(409);
    expect((await act(admin, base, draft.id, 'approve')).json()).toMatchObject({ status: 'applied' });
    expect((await editor({ method: 'GET', url: `${base}/experiments/hero` })).json().status).toBe('running');
    expect((await editor({ method: 'GET', url: `${base}/segments/vip` })).json().name).toBe('Best customers');

    // Automation asks through a secret key and is held the same way; a key cannot review.
    const key = await createKey(t.app, owner, project.id, 'secret', {});
    const byKey = await asKey(t.app, key.key, {
      method: 'PUT',
      url: `${base}/flags/banner/environments/production`,
      payload: { enabled: true },
    });
    expect(byKey.statusCode, byKey.body).toBe(202);
    const keyDraft = byKey.json().changeRequest;
    expect(keyDraft.author).toMatchObject({ kind: 'api_key' });
    await asKey(t.app, key.key, { method: 'POST', url: `${base}/change-requests/${keyDraft.id}/submit` });
    const keyApproves = await asKey(t.app, key.key, {
      method: 'POST',
      url: `${base}/change-requests/${keyDraft.id}/approve`,
    });
    expect(keyApproves.statusCode).toBe(403);
  });

  it('holds a holdout’s start, change and stop for approval, as every environment’s payload carries it', async () => {
    const { base, editor, approver } = await setUp();
    const holdoutsOf = async (caller: Caller) => (await caller({ method: 'GET', url: `${base}/holdouts` })).json();
    const approve = async (draft: ChangeRequest) => {
      const submitted = await act(editor, base, draft.id, 'submit');
      expect(submitted.json().environments.map((env: { key: string }) => env.key)).toEqual(['production']);
      const approved = await act(approver, base, draft.id, 'approve');
      expect(approved.json().status, approved.body).toBe('applied');
    };

    const started = await editor({
      method: 'POST',
      url: `${base}/holdouts`,
      payload: { key: 'h1', name: 'First half', percent: 500, flags: ['banner'] },
    });
    expect(started.statusCode, started.body).toBe(202);
    const startDraft: ChangeRequest = started.json().changeRequest;
    expect(startDraft.changes[0]).toMatchObject({
      target: { kind: 'holdout', key: 'h1' },
      before: null,
      after: { name: 'First half', percent: 500, flags: ['banner'], status: 'running' },
    });
    expect((await holdoutsOf(editor)).holdouts).toEqual([]);
    await approve(startDraft);
    expect((await holdoutsOf(editor)).holdouts).toMatchObject([{ key: 'h1', status: 'running', flags: ['banner'] }]);

    const changed = await editor({ method: 'PATCH', url: `${base}/holdouts/h1`, payload: { flags: [] } });
    expect(changed.statusCode, changed.body).toBe(202);
    expect(changed.json().changeRequest.changes[0]).toMatchObject({
      before: { flags: ['banner'] },
      after: { flags: [] },
    });
    await approve(changed.json().changeRequest);
    expect((await holdoutsOf(editor)).holdouts[0].flags).toEqual([]);

    const stopped = await editor({ method: 'POST', url: `${base}/holdouts/h1/stop` });
    expect(stopped.statusCode, stopped.body).toBe(202);
    expect(stopped.json().changeRequest.changes[0]).toMatchObject({
      before: { status: 'running' },
      after: { status: 'stopped' },
    });
    expect((await holdoutsOf(editor)).holdouts[0].status).toBe('running');
    await approve(stopped.json().changeRequest);
    expect((await holdoutsOf(editor)).holdouts[0].status).toBe('stopped');

    // A request for a holdout that does not exist is refused when asked for, writing nothing.
    const missing = await editor({ method: 'POST', url: `${base}/holdouts/nope/stop` });
    expect(missing.statusCode, missing.body).toBe(404);
  });
});
