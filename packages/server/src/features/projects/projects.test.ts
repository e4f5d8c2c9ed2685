import { readFileSync } from 'node:fs';
import { eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { addMember, call, createKey, createProject, signUp } from '../../../test/client';
import { apiKey, auditLog, environment, project as projectTable } from '../../db/schema';

describe('projects', () => {
  const t = useTestApp();

  it('creates a project with development and production, and lists, reads, renames it', async () => {
    const owner = await signUp(t.app);
    const created = await call(t.app, owner, {
      method: 'POST',
      url: '/api/v1/projects',
      payload: { name: '  Checkout  ', description: 'The shop' },
    });
    expect(created.statusCode).toBe(201);
    const project = created.json();
    expect(project).toMatchObject({ name: 'Checkout', description: 'The shop' });
    expect(project.environments.map((env: { key: string }) => env.key)).toEqual(['development', 'production']);

    const list = await call(t.app, owner, { url: '/api/v1/projects' });
    expect(list.json()).toEqual({ projects: [project] });
    expect((await call(t.app, owner, { url: `/api/v1/projects/${project.id}` })).json()).toEqual(project);

    const renamed = await call(t.app, owner, {
      method: 'PATCH',
      url: `/api/v1/projects/${project.id}`,
      payload: { name: 'Checkout v2' },
    });
    expect(renamed.json()).toMatchObject({ name: 'Checkout v2', description: 'The shop' });
    const empty = await call(t.app, owner, { method: 'PATCH', url: `/api/v1/projects/${project.id}`, payload: {} });
    expect(empty.statusCode).toBe(400);
  });

  it('keeps statistics settings per project: frequentist, alpha 0.05 and Holm until an admin changes them', async () => {
    const owner = await signUp(t.app);
    const project = await createProject(t.app, owner);
    const url = `/api/v1/projects/${project.id}`;
    expect(project.statistics).toEqual({
      method: 'frequentist',
      alpha: 0.05,
      correction: 'holm',
      decisionThreshold: 0.95,
    });
    const changed = await call(t.app, owner, {
      method: 'PATCH',
      url,
      payload: { statistics: { method: 'bayesian', correction: 'benjamini-hochberg' } },
    });
    expect(changed.json().statistics).toEqual({
      method: 'bayesian',
      alpha: 0.05,
      correction: 'benjamini-hochberg',
      decisionThreshold: 0.95,
    });
    expect((await call(t.app, owner, { url })).json().statistics).toMatchObject({ method: 'bayesian' });

    const bad = await call(t.app, owner, { method: 'PATCH', url, payload: { statistics: { alpha: 0.5 } } });
    expect(bad.json().error.details).toEqual([
      { path: 'statistics.alpha', message: 'Please input valid alpha: above 0 and below 0.5, e.g. 0.05' },
    ]);
    const editor = await addMember(t.app, owner, 'editor');
    const refused = await call(t.app, editor, { method: 'PATCH', url, payload: { statistics: { alpha: 0.01 } } });
    expect(refused.statusCode).toBe(403);
    const audit = await call(t.app, owner, { url: `/api/v1/audit?projectId=${project.id}&entityType=project` });
    expect(audit.json().entries[0]).toMatchObject({
      action: 'project.updated',
      before: { statistics: { method: 'frequentist', correction: 'holm' } },
      after: { statistics: { method: 'bayesian', correction: 'benjamini-hochberg' } },
    });
  });

  it('gives settings stored before the decision threshold existed its default', async () => {
    const owner = await signUp(t.app);
    const project = await createProject(t.app, owner);
    const { db } = t.database;
    const old = { method: 'bayesian', alpha: 0.05, correction: 'holm' };
    await db
      .update(projectTable)
      .set({ statistics: old as never })
      .where(eq(projectTable.id, project.id));
    const migration = readFileSync(
      new URL('../../db/migrations/0013_statistics_decision_threshold.sql', import.meta.url),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));
    const read = await call(t.app, owner, { url: `/api/v1/projects/${project.id}` });
    expect(read.json().statistics).toEqual({ ...old, decisionThreshold: 0.95 });
  });

  it('deletes a project with its environments and keys, keeping its history', async () => {
    const owner = await signUp(t.app);
    const project = await createProject(t.app, owner);
    await createKey(t.app, owner, project.id);
    const deleted = await call(t.app, owner, { method: 'DELETE', url: `/api/v1/projects/${project.id}` });
    expect(deleted.statusCode).toBe(204);
    expect((await call(t.app, owner, { url: `/api/v1/projects/${project.id}` })).statusCode).toBe(404);
    const { db } = t.database;
    const byProject = (table: typeof environment | typeof apiKey) =>
      db.select().from(table).where(sql`${table.projectId} = ${project.id}`);
    expect(await byProject(environment)).toEqual([]);
    expect(await byProject(apiKey)).toEqual([]);
    const history = await db.select().from(auditLog).where(sql`${auditLog.projectId} = ${project.id}`);
    expect(history.map((entry) => entry.action)).toEqual(['project.created', 'api_key.created', 'project.deleted']);
  });

  it('lets viewers read and only admins write', async () => {
    const owner = await signUp(t.app);
    const project = await createProject(t.app, owner);
    const viewer = await addMember(t.app, owner, 'viewer');
    const editor = await addMember(t.app, owner, 'editor');
    expect((await call(t.app, viewer, { url: `/api/v1/projects/${project.id}` })).statusCode).toBe(200);
    for (const session of [viewer, editor]) {
      const writes = [
        { method: 'POST' as const, url: '/api/v1/projects', payload: { name: 'Nope' } },
        { method: 'PATCH' as const, url: `/api/v1/projects/${project.id}`, payload: { name: 'Nope' } },
        { method: 'DELETE' as const, url: `/api/v1/projects/${project.id}` },
      ];
      for (const write of writes) {
        const response = await call(t.app, session, write);
        expect(response.statusCode, `${session.me.role} ${write.method} ${write.url}`).toBe(403);
        expect(response.json().error.code).toBe('forbidden');
      }
    }
  });

  it('validates the body field by field', async () => {
    const owner = await signUp(t.app);
    const post = (payload: unknown) =>
      call(t.app, owner, { method: 'POST', url: '/api/v1/projects', payload: payload as Record<string, unknown> });
    const paths = async (payload: unknown) =>
      (await post(payload)).json().error.details.map((issue: { path: string }) => issue.path);
    expect(await paths({})).toEqual(['name']);
    expect(await paths({ name: '   ' })).toEqual(['name']);
    expect(await paths({ name: 'x'.repeat(101) })).toEqual(['name']);
    expect(await paths({ name: 'Ok', description: 7 })).toEqual(['description']);
    expect(await paths({ name: 'Ok', owner: 'me' })).toEqual(['owner']);
  });

  it('writes nothing when any part of the change fails', async () => {
    const owner = await signUp(t.app);
    const { db } = t.database;
    // A real failure inside the transaction: the database refuses the audit entry.
    await db.execute(sql`create or replace function refuse_audit() returns trigger language plpgsql as $$
      begin raise exception 'audit log unavailable'; end $$`);
    await db.execute(sql`create trigger refuse_project_audit before insert on audit_log
      for each row when (new.action = 'project.created') execute function refuse_audit()`);
    try {
      const response = await call(t.app, owner, {
        method: 'POST',
        url: '/api/v1/projects',
        payload: { name: 'Ghost' },
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        error: { code: 'internal', message: 'Something went wrong on our side; it has been logged' },
      });
    } finally {
      await db.execute(sql`drop trigger refuse_project_audit on audit_log`);
    }
    expect(await db.select().from(projectTable).where(sql`${projectTable.name} = 'Ghost'`)).toEqual([]);
    const orphans = await db
      .select({ id: environment.id })
      .from(environment)
      .leftJoin(projectTable, eq(projectTable.id, environment.projectId))
      .where(isNull(projectTable.id));
    expect(orphans).toEqual([]);
  });
});
