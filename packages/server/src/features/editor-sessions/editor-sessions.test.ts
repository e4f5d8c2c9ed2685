import { createHash } from 'node:crypto';
import {
  type ChangeRecord,
  EDITOR_TOKEN_PARAM,
  EDITOR_TOKEN_TTL_SECONDS,
  type EditorSession,
  type EditorToken,
} from '@tabula/protocol';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { addMember, asKey, call, createKey, type Session } from '../../../test/client';
import { projectApi } from '../../../test/project-api';
import { editorToken } from '../../db/schema';

const PAGE = 'https://shop.example.com/landing?utm=mail#top';
const SHOP = 'https://shop.example.com';
const HEADLINE: ChangeRecord[] = [
  { selector: '#headline', type: '', key: 'textContent', value: 'Half price' },
  { selector: '#headline', type: 'style', key: 'color', value: 'rgb(200, 0, 0)' },
];
const REORDER: ChangeRecord = {
  selector: '#buy',
  type: 'move',
  key: '',
  value: '',
  moveType: 'reorder',
  targetSelector: 'h1',
  insertOrder: 'before',
  newSelector: 'main > button:nth-child(1)',
};

describe('visual editor sessions', () => {
  const t = useTestApp();

  /** A project with a draft visual experiment on PAGE, and an editor token of its owner. */
  async function opened(key = 'hero') {
    const api = await projectApi(t);
    await api.expectStatus(201, 'POST', '/experiments', {
      key,
      kind: 'visual',
      name: 'Hero',
      page: { url: PAGE, match: 'exact' },
    });
    const created = (await api.expectStatus(201, 'POST', `/experiments/${key}/editor-token`)) as EditorToken;
    const editor = (options: InjectOptions, token = created.token) =>
      t.app.inject({
        ...options,
        headers: { origin: SHOP, authorization: `Bearer ${token}`, ...(options.headers as Record<string, string>) },
      });
    const save = (versions: unknown, experimentKey = key) =>
      editor({ method: 'PUT', url: '/api/v1/editor/versions', payload: { experimentKey, versions } });
    return { ...api, key, created, editor, save };
  }

  it('makes a two-hour token for the experiment page and keeps only its hash', async () => {
    const before = Date.now();
    const { created, key } = await opened();
    expect(created.token).toMatch(/^tbe_[A-Za-z0-9_-]{40,}$/);
    const expiresAt = Date.parse(created.expiresAt);
    expect(expiresAt - before).toBeGreaterThanOrEqual(EDITOR_TOKEN_TTL_SECONDS * 1000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(EDITOR_TOKEN_TTL_SECONDS * 1000);
    const url = new URL(created.editorUrl!);
    expect(url.origin + url.pathname).toBe('https://shop.example.com/landing');
    expect(url.searchParams.get('utm')).toBe('mail');
    expect(url.searchParams.get(EDITOR_TOKEN_PARAM)).toBe(created.token);
    expect(url.hash).toBe('#top');

    const rows = await t.database.db.select().from(editorToken);
    const hash = createHash('sha256').update(created.token).digest('hex');
    const row = rows.find((candidate) => candidate.tokenHash === hash);
    expect(row).toBeDefined();
    expect(JSON.stringify(rows)).not.toContain(created.token);
    expect(key).toBe('hero');
  });

  it('opens the editor to editors only, for visual experiments that exist', async () => {
    const { owner, project, send, as, expectStatus, base } = await opened();
    const viewer = await addMember(t.app, owner, 'viewer');
    expect((await as(viewer, { method: 'POST', url: `${base}/experiments/hero/editor-token` })).statusCode).toBe(403);
    const editor = await addMember(t.app, owner, 'editor');
    expect((await as(editor, { method: 'POST', url: `${base}/experiments/hero/editor-token` })).statusCode).toBe(201);

    await expectStatus(201, 'POST', '/experiments', { key: 'ab-test', name: 'A/B' });
    const ab = await send('POST', '/experiments/ab-test/editor-token');
    expect(ab.statusCode).toBe(409);
    expect(ab.json().error.message).toMatch(/only visual experiments are edited on their page/);
    expect((await send('POST', '/experiments/missing/editor-token')).statusCode).toBe(404);

    // A secret key is no member: nobody would answer for what the editor saves.
    const secret = await createKey(t.app, owner, project.id);
    const byKey = await asKey(t.app, secret.key, { method: 'POST', url: `${base}/experiments/hero/editor-token` });
    expect(byKey.statusCode).toBe(403);
  });

  it('gives no link to a page pattern or a missing page', async () => {
    const { expectStatus } = await projectApi(t);
    await expectStatus(201, 'POST', '/experiments', {
      key: 'wild',
      kind: 'visual',
      name: 'Wild',
      page: { url: 'https://shop.example.com/products/*', match: 'fuzzy' },
    });
    await expectStatus(201, 'POST', '/experiments', { key: 'pageless', kind: 'visual', name: 'No page yet' });
    for (const key of ['wild', 'pageless']) {
      const created = (await expectStatus(201, 'POST', `/experiments/${key}/editor-token`)) as EditorToken;
      expect(created.editorUrl).toBeNull();
      expect(created.token).toMatch(/^tbe_/);
    }
  });

  it('serves the session to any page with the token, and answers its preflight', async () => {
    const { editor, owner, project } = await opened();
    const client = await createKey(t.app, owner, project.id, 'client');
    const response = await editor({ url: '/api/v1/editor/session' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    const session = response.json() as EditorSession;
    expect(session).toMatchObject({
      projectId: project.id,
      // No edition for the server's host: the console is the internal tab edition, and so is the editor's snippet.
      family: 'tab',
      experiment: { key: 'hero', name: 'Hero', status: 'draft', page: { url: PAGE, match: 'exact' } },
      versions: [
        { key: 'control', isControl: true, weight: 5000, changeRecords: [] },
        { key: 'treatment', isControl: false, weight: 5000, changeRecords: [] },
      ],
      clientKeys: [{ key: client.key, environment: 'production', decryptionKey: null }],
    });
    expect(session.experiment.integrationConfigured).toBe(false);

    for (const url of ['/api/v1/editor/session', '/api/v1/editor/versions', '/api/v1/editor/integration']) {
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url,
        headers: { origin: SHOP, 'access-control-request-method': 'PUT' },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('*');
      expect(preflight.headers['access-control-allow-headers']).toContain('authorization');
    }
  });

  it('refuses missing, malformed, unknown, expired and revoked tokens', async () => {
    const { editor, created } = await opened();
    const noHeader = await t.app.inject({ url: '/api/v1/editor/session', headers: { origin: SHOP } });
    expect(noHeader.statusCode).toBe(401);
    expect(noHeader.headers['access-control-allow-origin']).toBe('*');
    expect((await editor({ url: '/api/v1/editor/session', headers: { authorization: 'Token x' } })).statusCode).toBe(
      401,
    );
    for (const token of ['tbe_not-a-real-token', 'tbs_someone-elses-key']) {
      const refused = await editor({ url: '/api/v1/editor/session' }, token);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().error.message).toMatch(/open the visual editor from the console again/);
    }

    const hash = createHash('sha256').update(created.token).digest('hex');
    await t.database.db
      .update(editorToken)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(editorToken.tokenHash, hash));
    expect((await editor({ url: '/api/v1/editor/session' })).statusCode).toBe(401);

    const fresh = await opened('fresh');
    expect((await fresh.editor({ method: 'DELETE', url: '/api/v1/editor/session' })).statusCode).toBe(204);
    expect((await fresh.editor({ url: '/api/v1/editor/session' })).statusCode).toBe(401);
  });

  it("dies when its maker's role changes, for good", async () => {
    const { owner, base } = await projectApi(t).then(async (api) => {
      await api.expectStatus(201, 'POST', '/experiments', { key: 'hero', kind: 'visual', name: 'Hero' });
      return api;
    });
    const member: Session = await addMember(t.app, owner, 'editor');
    const made = await call(t.app, member, { method: 'POST', url: `${base}/experiments/hero/editor-token` });
    const token = (made.json() as EditorToken).token;
    const demote = await call(t.app, owner, {
      method: 'PATCH',
      url: `/api/v1/members/${member.me.user.id}`,
      payload: { role: 'viewer' },
    });
    expect(demote.statusCode, demote.body).toBe(200);
    const session = () =>
      t.app.inject({ url: '/api/v1/editor/session', headers: { authorization: `Bearer ${token}` } });
    expect((await session()).statusCode).toBe(401);
    // For good: raising the member again does not bring the token back.
    const raise = await call(t.app, owner, {
      method: 'PATCH',
      url: `/api/v1/members/${member.me.user.id}`,
      payload: { role: 'editor' },
    });
    expect(raise.statusCode, raise.body).toBe(200);
    expect((await session()).statusCode).toBe(401);
  });

  it('saves every version’s change records in one go, audited as the token’s maker', async () => {
    const { save, editor, owner, project } = await opened();
    const response = await save([
      { key: 'control', name: 'Control', changeRecords: [] },
      { key: 'treatment', name: 'Treatment', changeRecords: [...HEADLINE, REORDER] },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    const session = (await editor({ url: '/api/v1/editor/session' })).json() as EditorSession;
    expect(session.versions[1]!.changeRecords).toEqual([...HEADLINE, REORDER]);
    expect(session.versions[0]!.changeRecords).toEqual([]);

    const audit = (await call(t.app, owner, { url: `/api/v1/audit?projectId=${project.id}` })).json();
    const entry = audit.entries.find(
      (candidate: { action: string }) => candidate.action === 'experiment.changes_saved',
    );
    expect(entry).toMatchObject({
      actor: { kind: 'user', id: owner.me.user.id },
      before: {
        versions: [
          { key: 'control', changeRecords: [] },
          { key: 'treatment', changeRecords: [] },
        ],
      },
      after: { versions: [{ key: 'control' }, { key: 'treatment', changeRecords: [...HEADLINE, REORDER] }] },
    });
  });

  it('adds the versions the editor made, splitting the units evenly', async () => {
    const { save, expectStatus } = await opened();
    const response = await save([
      { key: 'control', name: 'Control', changeRecords: [] },
      { key: 'treatment', name: 'Treatment', changeRecords: HEADLINE },
      { key: 'version-3', name: 'Version 3', changeRecords: [REORDER] },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const session = response.json() as EditorSession;
    expect(session.versions.map((version) => [version.key, version.weight, version.changeRecords.length])).toEqual([
      ['control', 3334, 0],
      ['treatment', 3333, 2],
      ['version-3', 3333, 1],
    ]);
    const experiment = await expectStatus(200, 'GET', '/experiments/hero');
    expect(experiment.versions).toHaveLength(3);
  });

  it('refuses bad bodies and writes nothing of them', async () => {
    const { save, editor } = await opened();
    const treatment = (changeRecords: unknown[]) => ({ key: 'treatment', name: 'Treatment', changeRecords });
    const control = { key: 'control', name: 'Control', changeRecords: [] };
    const cases: [unknown, number, RegExp][] = [
      [[control, treatment([{ selector: '', type: 'style', key: 'color', value: 'red' }])], 400, /choose an element/],
      [[control, treatment([{ selector: 'h1', type: 'style', value: 'red' }])], 400, /Please input key/],
      [[control, treatment([{ selector: 'h1', type: 'paint', key: 'color' }])], 400, /./],
      [[control, treatment([{ selector: 'h1', type: 'move', moveType: 'anywhere', x: 3 }])], 400, /valid position/],
      [[control, treatment([{ ...REORDER, targetSelector: undefined }])], 400, /choose an element/],
      [[control, treatment([{ selector: 'a', type: 'attribute', key: 'onclick', value: 'x()' }])], 400, /valid key/],
      [[control, treatment([{ selector: 'a', type: 'attribute', key: 'href', value: 'javascript:x()' }])], 400, /URL/],
      [[control, treatment([{ selector: 'html', type: 'redirect', value: 'javascript:x()' }])], 400, /URL/],
      [
        [control, treatment([{ selector: 'h1', type: 'insert', key: 'script', value: 'a', insertOrder: 'after' }])],
        400,
        /element type/,
      ],
      [
        [{ ...control, changeRecords: HEADLINE }, treatment([])],
        400,
        /^The control version is for experimental purposes and cannot be modified\.$/,
      ],
      [[treatment(HEADLINE)], 400, /Version "control" is missing/],
      [[], 400, /./],
      ['nope', 400, /./],
      [[control, { ...treatment([]), extra: true }], 400, /./],
    ];
    for (const [versions, status, message] of cases) {
      const response = await save(versions);
      expect(response.statusCode, JSON.stringify(versions)).toBe(status);
      expect(response.json().error.message).toMatch(message);
    }
    const otherExperiment = await save([control, treatment(HEADLINE)], 'another');
    expect(otherExperiment.statusCode).toBe(403);
    expect(otherExperiment.json().error.message).toMatch(/opened for experiment "hero", not "another"/);

    const session = (await editor({ url: '/api/v1/editor/session' })).json() as EditorSession;
    expect(session.versions.every((version) => version.changeRecords.length === 0)).toBe(true);
  });

  it('lets admins write custom scripts, only while the project allows them; editors leave them as they are', async () => {
    const { save, editor, owner, as, base, expectStatus } = await opened();
    const control = { key: 'control', name: 'Control', changeRecords: [] };
    const script = (value: string): ChangeRecord => ({ selector: 'html', type: 'script', key: '', value });
    const treatment = (...changeRecords: ChangeRecord[]) => ({ key: 'treatment', name: 'Treatment', changeRecords });
    const session = async (token?: string) =>
      (await editor({ url: '/api/v1/editor/session' }, token)).json() as EditorSession;

    expect((await session()).customScripts).toEqual({ enabled: false, canWrite: true });
    const off = await save([control, treatment(script('console.log(1)'))]);
    expect([off.statusCode, off.json().error.message]).toEqual([
      409,
      'Custom JavaScript is off in this project: an admin can turn it on in the project settings',
    ]);

    const member = await addMember(t.app, owner, 'editor');
    const turnOn = await as(member, { method: 'PATCH', url: base, payload: { customScripts: true } });
    expect(turnOn.statusCode).toBe(403);
    expect((await expectStatus(200, 'PATCH', '', { customScripts: true })).customScripts).toBe(true);
    expect((await save([control, treatment(script('console.log(1)'))])).statusCode).toBe(200);

    const made = await as(member, { method: 'POST', url: `${base}/experiments/hero/editor-token` });
    const memberToken = (made.json() as EditorToken).token;
    expect((await session(memberToken)).customScripts).toEqual({ enabled: true, canWrite: false });
    const byEditor = (versions: unknown) =>
      editor(
        { method: 'PUT', url: '/api/v1/editor/versions', payload: { experimentKey: 'hero', versions } },
        memberToken,
      );
    for (const versions of [
      [control, treatment(script('alert(2)'))],
      [control, treatment(...HEADLINE)],
    ]) {
      const refused = await byEditor(versions);
      expect([refused.statusCode, refused.json().error.message]).toEqual([
        403,
        'Only admins may change a version’s custom JavaScript',
      ]);
    }
    // The script kept as it is, the editor changes the rest of the page.
    const kept = await byEditor([control, treatment(...HEADLINE, script('console.log(1)'))]);
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await session()).versions[1]!.changeRecords).toEqual([...HEADLINE, script('console.log(1)')]);
  });

  it('refuses to change a stopped experiment’s page', async () => {
    const { save, expectStatus } = await opened();
    await save([
      { key: 'control', name: 'Control', changeRecords: [] },
      { key: 'treatment', name: 'Treatment', changeRecords: HEADLINE },
    ]);
    await expectStatus(200, 'POST', '/experiments/hero/start');
    const running = await save([
      { key: 'control', name: 'Control', changeRecords: [] },
      { key: 'treatment', name: 'Treatment', changeRecords: [REORDER] },
    ]);
    expect(running.statusCode, running.body).toBe(200);
    await expectStatus(200, 'POST', '/experiments/hero/stop', { outcome: 'inconclusive' });
    const stopped = await save([
      { key: 'control', name: 'Control', changeRecords: [] },
      { key: 'treatment', name: 'Treatment', changeRecords: HEADLINE },
    ]);
    expect(stopped.statusCode).toBe(409);
  });

  it('stores whether the page carries the integration code', async () => {
    const { editor, expectStatus } = await opened();
    const set = (configured: unknown, experimentKey = 'hero') =>
      editor({ method: 'PUT', url: '/api/v1/editor/integration', payload: { experimentKey, configured } });
    expect((await set('yes')).statusCode).toBe(400);
    expect((await set(true, 'another')).statusCode).toBe(403);
    const response = await set(true);
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as EditorSession).experiment.integrationConfigured).toBe(true);
    expect((await expectStatus(200, 'GET', '/experiments/hero')).integrationConfigured).toBe(true);
    expect(((await set(false)).json() as EditorSession).experiment.integrationConfigured).toBe(false);
  });
});
