import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { addMember, asKey, call, createKey, createProject, signUp } from '../../../test/client';
import { sendReports } from '../../../test/rum';
import { rumReport, rumVital } from '../../db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;
const tags = { releaseId: 'r-1', edition: 'international', platform: 'gcp', environment: 'prod' } as const;

describe('diagnostics (admins only)', () => {
  const t = useTestApp();

  it('groups recent errors by message with counts and distinct users, latest first', async () => {
    const owner = await signUp(t.app);
    const admin = await addMember(t.app, owner, 'admin');
    const report = (message: string, page = '/projects') => ({ kind: 'error', message, stack: null, page });
    expect((await sendReports(t.app, owner, 'collect', [report('A'), report('A'), report('B')])).statusCode).toBe(204);
    expect((await sendReports(t.app, admin, 'collect', [report('A', '/audit')])).statusCode).toBe(204);
    const threeDaysAgo = new Date(Date.now() - 3 * DAY_MS);
    await t.database.db.insert(rumReport).values({
      ...tags,
      organizationId: owner.me.organization.id,
      kind: 'error',
      message: 'Old',
      page: '/',
      receivedAt: threeDaysAgo,
    });

    const week = (await call(t.app, admin, { url: '/api/v1/diagnostics/errors' })).json().groups;
    expect(
      week.map((group: { message: string; count: number; users: number }) => [group.message, group.count, group.users]),
    ).toEqual([
      ['A', 3, 2],
      ['B', 1, 1],
      ['Old', 1, 0],
    ]);
    expect(week[0].latest.page).toBe('/audit');
    expect(week[2].firstSeenAt).toBe(threeDaysAgo.toISOString());

    const today = (await call(t.app, admin, { url: '/api/v1/diagnostics/errors?days=1' })).json().groups;
    expect(today.map((group: { message: string }) => group.message)).toEqual(['A', 'B']);
  });

  it('summarises vitals per page as 75th and 90th percentiles', async () => {
    const owner = await signUp(t.app);
    const organizationId = owner.me.organization.id;
    await t.database.db.insert(rumVital).values([
      ...Array.from({ length: 100 }, (_, i) => ({
        ...tags,
        organizationId,
        page: '/projects',
        name: 'LCP',
        value: i + 1,
        rating: 'good',
      })),
      { ...tags, organizationId, page: '/audit', name: 'CLS', value: 0.3, rating: 'poor' },
    ]);
    const summaries = (await call(t.app, owner, { url: '/api/v1/diagnostics/vitals' })).json().summaries;
    expect(summaries).toEqual([
      { page: '/audit', name: 'CLS', count: 1, p75: 0.3, p90: 0.3 },
      { page: '/projects', name: 'LCP', count: 100, p75: 75.25, p90: expect.closeTo(90.1, 6) },
    ]);
  });

  it('is closed to editors, viewers and API keys, and checks the window', async () => {
    const owner = await signUp(t.app);
    const project = await createProject(t.app, owner);
    const { key } = await createKey(t.app, owner, project.id);
    for (const role of ['editor', 'viewer'] as const) {
      const member = await addMember(t.app, owner, role);
      for (const url of ['/api/v1/diagnostics/errors', '/api/v1/diagnostics/vitals']) {
        const response = await call(t.app, member, { url });
        expect(response.statusCode, `${role} ${url}`).toBe(403);
      }
    }
    expect((await asKey(t.app, key, { url: '/api/v1/diagnostics/errors' })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/v1/diagnostics/errors' })).statusCode).toBe(401);
    const badWindow = await call(t.app, owner, { url: '/api/v1/diagnostics/errors?days=3' });
    expect(badWindow.statusCode).toBe(400);
    expect(badWindow.json().error.details[0]).toEqual({ path: 'days', message: 'Please choose days: 1, 7, 30' });
  });
});
