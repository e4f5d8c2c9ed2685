import { RUM_MAX_REPORTS_PER_BATCH } from '@tabula/protocol';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { call, type Session, signUp } from '../../../test/client';
import { CONSOLE_ORIGIN, rumContext, sendReports } from '../../../test/rum';
import { rumReport, rumVital } from '../../db/schema';

const error = { kind: 'error', message: 'TypeError: x is undefined', stack: 'at x (app.js:1:1)', page: '/projects' };

const errorGroups = async (app: FastifyInstance, session: Session) =>
  (await call(app, session, { url: '/api/v1/diagnostics/errors' })).json().groups;

describe('reporting endpoints (spec §7)', () => {
  const t = useTestApp();

  it('store errors against the sender’s session, whatever user the page claims', async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app, 'other');
    const claimed = { ...rumContext, userId: other.me.user.id };
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/rum/collect',
      headers: { origin: CONSOLE_ORIGIN, cookie: owner.cookie },
      payload: {
        context: claimed,
        reports: [error, { ...error, kind: 'rejection', message: 'Rejected', stack: null }],
      },
    });
    expect(response.statusCode, response.body).toBe(204);

    const groups = await errorGroups(t.app, owner);
    expect(groups).toHaveLength(2);
    expect(groups.find((group: { kind: string }) => group.kind === 'error')).toMatchObject({
      message: error.message,
      count: 1,
      users: 1,
      latest: { page: '/projects', releaseId: 'r-7', stack: error.stack, body: null },
    });
    expect(await errorGroups(t.app, other)).toEqual([]);
  });

  it('store failed API calls with their body excerpt, grouped by call and status', async () => {
    const owner = await signUp(t.app);
    const failed = { method: 'POST', url: '/api/v1/projects/:id/flags', status: 500, body: '{"error":{}}', page: '/' };
    for (let i = 0; i < 2; i++) expect((await sendReports(t.app, owner, 'whitelist', [failed])).statusCode).toBe(204);
    const [group] = await errorGroups(t.app, owner);
    expect(group).toMatchObject({
      kind: 'api',
      message: 'POST /api/v1/projects/:id/flags 500',
      count: 2,
      latest: { body: '{"error":{}}', stack: null },
    });
  });

  it('store vitals, and refuse a rating that does not follow from the value', async () => {
    const owner = await signUp(t.app);
    const vital = { name: 'LCP', value: 1200, rating: 'good', page: '/projects' };
    expect((await sendReports(t.app, owner, 'speed', [vital])).statusCode).toBe(204);
    const wrong = await sendReports(t.app, owner, 'speed', [{ ...vital, rating: 'poor' }]);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.details).toEqual([
      { path: 'reports.0.rating', message: 'Please input valid rating: it follows from the value' },
    ]);
    const vitals = (await call(t.app, owner, { url: '/api/v1/diagnostics/vitals' })).json().summaries;
    expect(vitals).toEqual([{ page: '/projects', name: 'LCP', count: 1, p75: 1200, p90: 1200 }]);
  });

  it('refuse malformed batches and store nothing of them', async () => {
    const owner = await signUp(t.app);
    const cases: [string, unknown[]][] = [
      ['reports', []],
      ['reports', Array.from({ length: RUM_MAX_REPORTS_PER_BATCH + 1 }, () => error)],
      ['reports.1.kind', [error, { ...error, kind: 'warning' }]],
      ['reports.0.message', [{ ...error, message: '' }]],
      ['reports.0.extra', [{ ...error, extra: true }]],
    ];
    for (const [path, reports] of cases) {
      const response = await sendReports(t.app, owner, 'collect', reports);
      expect(response.statusCode, path).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
      expect(response.json().error.details[0].path).toBe(path);
    }
    const badMethod = await sendReports(t.app, owner, 'whitelist', [
      { method: 'get', url: '/x', status: 500, body: '', page: '/' },
    ]);
    expect(badMethod.statusCode).toBe(400);
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/rum/collect',
      headers: { origin: CONSOLE_ORIGIN, 'content-type': 'application/json' },
      payload: '{"context":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(await errorGroups(t.app, owner)).toEqual([]);
  });

  it('refuse pages of other origins, and requests that name none', async () => {
    for (const headers of [
      { origin: 'https://evil.example' },
      { origin: 'http://tabula.test.evil.example' },
      { referer: 'https://evil.example/tabula.test' },
      {} as Record<string, string>,
    ]) {
      const response = await sendReports(t.app, null, 'collect', [error], headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json().error.code).toBe('forbidden');
    }
    expect(
      (await sendReports(t.app, null, 'collect', [error], { referer: `${CONSOLE_ORIGIN}/login` })).statusCode,
    ).toBe(204);
  });

  it('take reports from the console opened at another of the server’s addresses', async () => {
    const headers = { origin: 'http://127.0.0.1:4000', host: '127.0.0.1:4000' };
    expect((await sendReports(t.app, null, 'collect', [error], headers)).statusCode).toBe(204);
    const elsewhere = { origin: 'http://127.0.0.1:5000', host: '127.0.0.1:4000' };
    expect((await sendReports(t.app, null, 'collect', [error], elsewhere)).statusCode).toBe(403);
  });

  it('are described in the API document, with the diagnostics', async () => {
    const paths = Object.keys((await t.app.inject({ url: '/api/docs/json' })).json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/rum/collect',
        '/api/rum/whitelist',
        '/api/rum/speed',
        '/api/v1/diagnostics/errors',
        '/api/v1/diagnostics/vitals',
      ]),
    );
  });

  it('refuse a body over the size limit', async () => {
    const huge = { ...error, stack: 'x'.repeat(2000) };
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/rum/collect',
      headers: { origin: CONSOLE_ORIGIN },
      payload: {
        context: rumContext,
        reports: Array.from({ length: 30 }, () => huge),
        padding: 'x'.repeat(128 * 1024),
      },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('payload_too_large');
  });
});

describe('reports from signed-out pages', () => {
  const open = useTestApp({ openSignup: true });
  const closed = useTestApp({ openSignup: false });

  it('belong to a closed instance’s organization, and to nobody where anyone may sign up', async () => {
    const owner = await signUp(closed.app);
    expect((await sendReports(closed.app, null, 'collect', [error])).statusCode).toBe(204);
    expect((await errorGroups(closed.app, owner))[0]).toMatchObject({ message: error.message, users: 0 });

    const someone = await signUp(open.app);
    expect((await sendReports(open.app, null, 'collect', [error])).statusCode).toBe(204);
    expect(await errorGroups(open.app, someone)).toEqual([]);
  });
});

describe('rate limit', () => {
  const t = useTestApp({ rumRequestsPerMinute: 2 });

  it('holds back one address after its share of batches', async () => {
    for (let i = 0; i < 2; i++) expect((await sendReports(t.app, null, 'collect', [error])).statusCode).toBe(204);
    const limited = await sendReports(t.app, null, 'collect', [error]);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/rum/collect',
      remoteAddress: '10.0.0.9',
      headers: { origin: CONSOLE_ORIGIN },
      payload: { context: rumContext, reports: [error] },
    });
    expect(elsewhere.statusCode).toBe(204);
  });
});

describe('retention', () => {
  const t = useTestApp({ openSignup: false });

  it('drops reports older than the longest diagnostics window', async () => {
    const owner = await signUp(t.app);
    const longAgo = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000);
    const tags = { releaseId: 'r-1', edition: 'international', platform: 'gcp', environment: 'prod', page: '/' };
    await t.database.db.insert(rumReport).values({ ...tags, kind: 'error', message: 'old', receivedAt: longAgo });
    await t.database.db
      .insert(rumVital)
      .values({ ...tags, name: 'CLS', value: 0.5, rating: 'poor', receivedAt: longAgo });

    expect((await sendReports(t.app, owner, 'collect', [error])).statusCode).toBe(204);

    expect((await t.database.db.select().from(rumReport)).map((row) => row.message)).toEqual([error.message]);
    expect(await t.database.db.select().from(rumVital)).toEqual([]);
  });
});
