import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { addMember, call } from '../../../test/client';
import { projectApi } from '../../../test/project-api';
import { addExperiment } from '../../../test/sdk';
import { webhook, webhookDelivery } from '../../db/schema';
import { secretBox } from '../../lib/secret-box';
import { recordAudit } from '../audit/service';

/** Nothing listens here: the app's worker fails to deliver, and the tests read the outbox it leaves. */
const NOWHERE = 'http://127.0.0.1:4399/hook';

describe('webhooks', () => {
  const t = useTestApp();

  async function setUp(events: string[] = ['flag.changed']) {
    const api = await projectApi(t);
    const created = await api.expectStatus(201, 'POST', '/webhooks', { name: 'Ops', url: NOWHERE, events });
    return { ...api, hook: created as { id: string; secret: string } };
  }
  const outbox = (webhookId: string) =>
    t.database.db.select().from(webhookDelivery).where(eq(webhookDelivery.webhookId, webhookId));

  it('shows the signing secret once and stores it sealed', async () => {
    const { hook, expectStatus } = await setUp();
    expect(hook).toMatchObject({ name: 'Ops', url: NOWHERE, events: ['flag.changed'], format: 'json', enabled: true });
    expect(hook.secret).toMatch(/^whsec_[\w-]{32}$/);
    const listed = (await expectStatus(200, 'GET', '/webhooks')).webhooks;
    expect(listed).toHaveLength(1);
    expect(listed[0]).not.toHaveProperty('secret');
    const [row] = await t.database.db.select().from(webhook).where(eq(webhook.id, hook.id));
    expect(row!.secret).not.toContain(hook.secret);
    expect(secretBox(t.config.secret, 'webhook secrets').open(row!.secret)).toBe(hook.secret);

    const rotated = await expectStatus(200, 'POST', `/webhooks/${hook.id}/rotate-secret`);
    expect(rotated.secret).not.toBe(hook.secret);
    const [after] = await t.database.db.select().from(webhook).where(eq(webhook.id, hook.id));
    expect(secretBox(t.config.secret, 'webhook secrets').open(after!.secret)).toBe(rotated.secret);
  });

  it('refuses bad webhooks', async () => {
    const { send } = await projectApi(t);
    const bad = [
      { name: 'A', url: 'ftp://example.com/x', events: ['flag.changed'] },
      { name: 'A', url: 'https://user:pass@example.com/x', events: ['flag.changed'] },
      { name: 'A', url: 'not a url', events: ['flag.changed'] },
      { name: 'A', url: 'https://example.com/x', events: [] },
      { name: 'A', url: 'https://example.com/x', events: ['flag.exploded'] },
      { name: 'A', url: 'https://example.com/x', events: ['webhook.test'] },
      { name: 'A', url: 'https://example.com/x', events: ['flag.changed'], format: 'xml' },
      { name: '', url: 'https://example.com/x', events: ['flag.changed'] },
      { name: 'A', url: 'https://example.com/x', events: ['flag.changed'], secret: 'mine' },
    ];
    for (const payload of bad) {
      const response = await send('POST', '/webhooks', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('lets admins only manage and read webhooks', async () => {
    const { owner, base, hook } = await setUp();
    const editor = await addMember(t.app, owner, 'editor');
    for (const [method, url] of [
      ['GET', `${base}/webhooks`],
      ['POST', `${base}/webhooks`],
      ['GET', `${base}/webhooks/${hook.id}/deliveries`],
      ['POST', `${base}/webhooks/${hook.id}/test`],
      ['DELETE', `${base}/webhooks/${hook.id}`],
    ] as const) {
      const response = await call(t.app, editor, { method, url, payload: {} });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    const other = await projectApi(t);
    expect((await other.send('GET', `/webhooks/${hook.id}`)).statusCode).toBe(404);
    expect((await other.send('DELETE', `/webhooks/${hook.id}`)).statusCode).toBe(404);
  });

  it('queues a flag change in the transaction of the change, for subscribed and enabled webhooks only', async () => {
    const { hook, expectStatus, send, project } = await setUp();
    const other = await expectStatus(201, 'POST', '/webhooks', {
      name: 'X',
      url: NOWHERE,
      events: ['experiment.started'],
    });
    const off = await expectStatus(201, 'POST', '/webhooks', { name: 'Off', url: NOWHERE, events: ['flag.changed'] });
    await expectStatus(200, 'PATCH', `/webhooks/${off.id}`, { enabled: false });

    await expectStatus(201, 'POST', '/flags', { key: 'new-checkout', name: 'New checkout', type: 'boolean' });
    // A refused change writes nothing, its delivery included.
    expect((await send('POST', '/flags', { key: 'new-checkout', name: 'Again', type: 'boolean' })).statusCode).toBe(
      409,
    );

    const rows = await outbox(hook.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.eventType).toBe('flag.changed');
    expect(rows[0]!.body).toMatchObject({
      version: 1,
      id: rows[0]!.id,
      type: 'flag.changed',
      project: { id: project.id, name: project.name },
      actor: { kind: 'user' },
      data: { action: 'flag.created', entityType: 'flag', after: { key: 'new-checkout' } },
    });
    expect(rows[0]!.retryUntil.getTime() - rows[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(
      24 * 60 * 60 * 1000 - 1000,
    );
    expect(await outbox(other.id)).toHaveLength(0);
    expect(await outbox(off.id)).toHaveLength(0);
  });

  it('queues experiment starts, and actions of features still to come', async () => {
    const { hook, project, owner } = await setUp(['experiment.started', 'change_request.review_requested']);
    await addExperiment(t.database.db, project.id, { key: 'hero' });
    await t.database.db.transaction((tx) =>
      recordAudit(tx, {
        organizationId: owner.me.organization.id,
        projectId: project.id,
        actor: { kind: 'system', id: null, name: null },
        action: 'change_request.submitted',
        entityType: 'flag',
        entityId: 'x',
      }),
    );
    const types = (await outbox(hook.id)).map((row) => row.eventType).sort();
    expect(types).toEqual(['change_request.review_requested', 'experiment.started']);
  });

  it('sends a test, lists deliveries newest first, filters and pages them, and resends one', async () => {
    const { hook, expectStatus, send } = await setUp(['flag.changed']);
    const test = await expectStatus(202, 'POST', `/webhooks/${hook.id}/test`);
    await expectStatus(201, 'POST', '/flags', { key: 'a', name: 'A', type: 'boolean' });
    await expectStatus(201, 'POST', '/flags', { key: 'b', name: 'B', type: 'boolean' });

    const page1 = await expectStatus(200, 'GET', `/webhooks/${hook.id}/deliveries?limit=2`);
    expect(page1.deliveries.map((d: { eventType: string }) => d.eventType)).toEqual(['flag.changed', 'flag.changed']);
    const page2 = await expectStatus(200, 'GET', `/webhooks/${hook.id}/deliveries?limit=2&before=${page1.nextCursor}`);
    expect(page2.deliveries).toHaveLength(1);
    expect(page2.deliveries[0]).toMatchObject({ id: test.deliveryId, eventType: 'webhook.test' });
    const delivered = await expectStatus(200, 'GET', `/webhooks/${hook.id}/deliveries?status=delivered`);
    expect(delivered.deliveries).toEqual([]);
    expect((await send('GET', `/webhooks/${hook.id}/deliveries?before=abc`)).statusCode).toBe(400);
    expect((await send('GET', `/webhooks/${hook.id}/deliveries?status=lost`)).statusCode).toBe(400);

    await t.database.db
      .update(webhookDelivery)
      .set({ status: 'failed' })
      .where(eq(webhookDelivery.id, test.deliveryId));
    const resent = await expectStatus(200, 'POST', `/webhooks/${hook.id}/deliveries/${test.deliveryId}/resend`);
    expect(resent).toMatchObject({ id: test.deliveryId, status: 'pending' });
    const [row] = await t.database.db.select().from(webhookDelivery).where(eq(webhookDelivery.id, test.deliveryId));
    expect(row!.retryUntil.getTime()).toBeGreaterThan(Date.now() + 23 * 60 * 60 * 1000);
    const unknown = await send('POST', `/webhooks/${hook.id}/deliveries/${hook.id}/resend`);
    expect(unknown.statusCode).toBe(404);
  });

  it('lists why a delivery failed as a code with its figures, and an older failure in English alone', async () => {
    const { hook, expectStatus } = await setUp(['flag.changed']);
    const coded = (await expectStatus(202, 'POST', `/webhooks/${hook.id}/test`)).deliveryId;
    const older = (await expectStatus(202, 'POST', `/webhooks/${hook.id}/test`)).deliveryId;
    // Failed for good, so that the app's own worker leaves them as they are.
    await t.database.db
      .update(webhookDelivery)
      .set({
        status: 'failed',
        error: 'The receiver answered 500: <b>down</b>',
        errorCode: 'status',
        errorParams: { status: 500, detail: '<b>down</b>' },
      })
      .where(eq(webhookDelivery.id, coded));
    await t.database.db
      .update(webhookDelivery)
      .set({ status: 'failed', error: 'The receiver answered 502', errorCode: null, errorParams: null })
      .where(eq(webhookDelivery.id, older));

    const { deliveries } = await expectStatus(200, 'GET', `/webhooks/${hook.id}/deliveries?status=failed`);
    expect(deliveries).toEqual([
      expect.objectContaining({ id: older, error: 'The receiver answered 502', errorCode: null, errorParams: null }),
      expect.objectContaining({
        id: coded,
        error: 'The receiver answered 500: <b>down</b>',
        errorCode: 'status',
        errorParams: { status: 500, detail: '<b>down</b>' },
      }),
    ]);
  });

  it('audits changes to webhooks without their URL path or secret', async () => {
    const { hook, expectStatus, project, owner } = await setUp();
    await expectStatus(200, 'PATCH', `/webhooks/${hook.id}`, { name: 'Renamed', format: 'slack' });
    await expectStatus(200, 'POST', `/webhooks/${hook.id}/rotate-secret`);
    await expectStatus(204, 'DELETE', `/webhooks/${hook.id}`);
    expect((await outbox(hook.id)).length).toBe(0);
    const audit = await call(t.app, owner, { url: `/api/v1/audit?projectId=${project.id}&entityType=webhook` });
    const { entries } = audit.json();
    expect(entries.map((entry: { action: string }) => entry.action)).toEqual([
      'webhook.deleted',
      'webhook.secret_rotated',
      'webhook.updated',
      'webhook.created',
    ]);
    expect(entries[3].after).toEqual({
      name: 'Ops',
      url: 'http://127.0.0.1:4399',
      events: ['flag.changed'],
      format: 'json',
      enabled: true,
    });
    expect(JSON.stringify(entries)).not.toContain(hook.secret);
  });

  it('documents the webhook routes under their own tag', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const { paths } = response.json();
    const base = '/api/v1/projects/{projectId}/webhooks';
    expect(paths[base].post.tags).toEqual(['webhooks']);
    expect(paths[base].post.requestBody.content['application/json'].schema.properties.url).toBeTruthy();
    expect(paths[`${base}/{webhookId}/deliveries/{deliveryId}/resend`].post.tags).toEqual(['webhooks']);
    expect(paths[`${base}/{webhookId}/test`].post.tags).toEqual(['webhooks']);
  });

  describe('on a server that sends only to public addresses (the default)', () => {
    const publicOnly = useTestApp({ webhookAllowPrivate: false });

    it('refuses a URL naming this machine or a private address, on creation and on change', async () => {
      const api = await projectApi(publicOnly);
      for (const url of [
        'http://127.0.0.1:4399/hook',
        'http://localhost/hook',
        'http://10.1.2.3/hook',
        'http://169.254.169.254/latest/meta-data',
        'http://0x7f000001/hook',
      ]) {
        const refused = await api.expectStatus(400, 'POST', '/webhooks', {
          name: 'Ops',
          url,
          events: ['flag.changed'],
        });
        expect(refused.error.message, url).toMatch(/Please input a public address: .+ is on a private network/);
      }
      const hook = await api.expectStatus(201, 'POST', '/webhooks', {
        name: 'Ops',
        url: 'https://hooks.example.com/tabula',
        events: ['flag.changed'],
      });
      await api.expectStatus(400, 'PATCH', `/webhooks/${hook.id}`, { url: 'http://192.168.0.10/hook' });
      expect((await api.expectStatus(200, 'GET', `/webhooks/${hook.id}`)).url).toBe('https://hooks.example.com/tabula');
      expect(await publicOnly.database.db.select().from(webhook)).toHaveLength(1);
    });
  });
});
