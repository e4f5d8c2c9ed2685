import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { createKey } from '../../../test/client';
import { projectApi } from '../../../test/project-api';
import { announceChange, revisionOf } from '../../../test/sdk';
import { webhookDelivery } from '../../db/schema';

describe('payload revision webhooks', () => {
  const t = useTestApp();

  it('announce each new revision of an environment once, and a change that changed nothing not at all', async () => {
    const { owner, project, expectStatus } = await projectApi(t);
    const hook = await expectStatus(201, 'POST', '/webhooks', {
      name: 'CDN purge',
      url: 'http://127.0.0.1:4399/hook',
      events: ['payload.revised'],
    });
    const rows = () => t.database.db.select().from(webhookDelivery).where(eq(webhookDelivery.webhookId, hook.id));
    const key = await createKey(t.app, owner, project.id, 'client');

    await expectStatus(201, 'POST', '/flags', { key: 'new-checkout', name: 'New checkout', type: 'boolean' });
    await expectStatus(200, 'PUT', '/flags/new-checkout/environments/production', { enabled: true, rules: [] });
    const revision = await revisionOf(t.app, key.key);
    await expect
      .poll(
        async () =>
          (await rows()).some((row) => row.body.data && (row.body.data as { revision?: string }).revision === revision),
        {
          timeout: 10_000,
        },
      )
      .toBe(true);
    const announced = await rows();
    const production = announced.filter(
      (row) => (row.body.data as { environment: string }).environment === 'production',
    );
    // Each revision once: the flag's creation, then its switch in production.
    expect(new Set(production.map((row) => (row.body.data as { revision: string }).revision)).size).toBe(
      production.length,
    );
    expect(announced[0]!.body).toMatchObject({ type: 'payload.revised', actor: null, project: { id: project.id } });

    // Another server's notification of a change that left the payload as it was.
    await announceChange(t.database.db, project.id);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await rows()).toHaveLength(announced.length);
  });
});
