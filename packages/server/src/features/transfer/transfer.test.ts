import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { addMember, asKey, call, createKey, createProject, type Session, signUp } from '../../../test/client';

describe('project export and import', () => {
  const t = useTestApp();

  const api = (session: Session, projectId: string) => ({
    send: (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      call(t.app, session, {
        method,
        url: `/api/v1/projects/${projectId}${url}`,
        ...(payload === undefined ? {} : { payload }),
      }),
  });

  const dutch = { attribute: 'country', operator: 'eq', values: ['NL'] };

  /** A project with a segment, two metrics (one archived), and flags using them: rules, prerequisites, an archived one. */
  async function sourceProject(owner: Session) {
    const project = await createProject(t.app, owner, 'Source');
    const { send } = api(owner, project.id);
    const ok = async (method: 'POST' | 'PUT', url: string, payload: object) => {
      const response = await send(method, url, payload);
      expect(response.statusCode, response.body).toBeLessThan(300);
    };
    await ok('POST', '/segments', { key: 'dutch', name: 'Dutch', conditions: [dutch] });
    const metric = { name: 'Revenue', type: 'sum', source: { kind: 'event', event: 'purchase', filter: null } };
    await ok('POST', '/metrics', { key: 'revenue', ...metric });
    await ok('POST', '/metrics', { key: 'old-revenue', ...metric });
    await ok('POST', '/metrics/old-revenue/archive', {});
    await ok('POST', '/flags', { key: 'checkout', name: 'Checkout', type: 'boolean', tags: ['shop'] });
    await ok('POST', '/flags', {
      key: 'color',
      name: 'Color',
      type: 'string',
      variants: [
        { key: 'red', value: '#f00' },
        { key: 'blue', value: '#00f' },
      ],
      metadata: { owner: 'design' },
    });
    await ok('POST', '/flags', { key: 'retired', name: 'Retired', type: 'boolean' });
    await ok('POST', '/flags/retired/archive', {});
    await ok('PUT', '/flags/checkout/environments/production', {
      enabled: true,
      rules: [{ id: 'nl', conditions: [], segments: ['dutch'], serve: { kind: 'variant', variant: 'on' } }],
    });
    await ok('PUT', '/flags/color/environments/production', {
      enabled: true,
      rules: [
        {
          id: 'half',
          conditions: [dutch],
          segments: [],
          serve: {
            kind: 'rollout',
            weights: [
              { variant: 'red', weight: 5000 },
              { variant: 'blue', weight: 5000 },
            ],
          },
        },
      ],
      prerequisites: [{ flag: 'checkout', variants: ['on'] }],
    });
    return project;
  }

  const withoutTime = (document: { exportedAt: string }) => ({ ...document, exportedAt: '' });

  it('exports a project and imports it into a fresh one, which then exports the same', async () => {
    const owner = await signUp(t.app);
    const source = await sourceProject(owner);
    const exported = await api(owner, source.id).send('GET', '/export');
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.headers['content-disposition']).toMatch(/^attachment; filename="tabula-project-/);
    const document = exported.json();
    expect(document).toMatchObject({ format: 'tabula.project-export', version: 1 });
    expect(document.flags.map((flag: { key: string }) => flag.key)).toEqual(['checkout', 'color', 'retired']);
    expect(document.flags[1].environments).toEqual({
      production: {
        enabled: true,
        rules: expect.any(Array),
        prerequisites: [{ flag: 'checkout', variants: ['on'] }],
      },
    });
    expect(document.metrics.find((metric: { key: string }) => metric.key === 'old-revenue').archived).toBe(true);

    const target = await createProject(t.app, owner, 'Target');
    const dryRun = await api(owner, target.id).send('POST', '/import', { data: document, dryRun: true });
    expect(dryRun.statusCode, dryRun.body).toBe(200);
    expect(dryRun.json()).toMatchObject({ dryRun: true, conflicts: [], errors: [] });
    expect(dryRun.json().created).toHaveLength(6);
    // A dry run writes nothing.
    expect((await api(owner, target.id).send('GET', '/export')).json().flags).toEqual([]);

    const imported = await api(owner, target.id).send('POST', '/import', { data: document });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().created).toEqual([
      { kind: 'segment', key: 'dutch' },
      { kind: 'metric', key: 'old-revenue' },
      { kind: 'metric', key: 'revenue' },
      { kind: 'flag', key: 'checkout' },
      { kind: 'flag', key: 'color' },
      { kind: 'flag', key: 'retired' },
    ]);
    const again = (await api(owner, target.id).send('GET', '/export')).json();
    expect(withoutTime(again)).toEqual(withoutTime(document));

    const audit = await call(t.app, owner, { url: `/api/v1/audit?projectId=${target.id}&entityType=project` });
    expect(audit.json().entries[0]).toMatchObject({ action: 'project.imported', after: { mode: 'create_only' } });
  });

  it('reports every conflict and writes nothing; overwrite replaces what exists', async () => {
    const owner = await signUp(t.app);
    const source = await sourceProject(owner);
    const document = (await api(owner, source.id).send('GET', '/export')).json();
    const target = await createProject(t.app, owner, 'Target');
    const { send } = api(owner, target.id);
    await send('POST', '/segments', { key: 'dutch', name: 'Mine', conditions: [] });
    await send('POST', '/flags', { key: 'color', name: 'Mine', type: 'boolean' });

    const refused = await send('POST', '/import', { data: document });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.details.conflicts).toEqual(
      [
        { kind: 'flag', key: 'color', path: 'flags.1.key', reason: 'This project already has a flag "color"' },
        { kind: 'segment', key: 'dutch', path: 'segments.0.key', reason: 'This project already has a segment "dutch"' },
      ].sort((a, b) => (a.kind === 'segment' ? -1 : b.kind === 'segment' ? 1 : 0)),
    );
    const after = (await send('GET', '/export')).json();
    expect(after.flags.map((flag: { key: string }) => flag.key)).toEqual(['color']);
    expect(after.metrics).toEqual([]);

    // Overwriting cannot change a flag's type: still a conflict, still nothing written.
    const typed = await send('POST', '/import', { data: document, mode: 'overwrite' });
    expect(typed.statusCode).toBe(409);
    expect(typed.json().error.details.conflicts).toEqual([
      {
        kind: 'flag',
        key: 'color',
        path: 'flags.1.type',
        reason: 'Flag "color" is a boolean flag here: its type cannot change to string',
      },
    ]);
    const withoutColor = { ...document, flags: document.flags.filter((flag: { key: string }) => flag.key !== 'color') };
    const overwritten = await send('POST', '/import', { data: withoutColor, mode: 'overwrite' });
    expect(overwritten.statusCode, overwritten.body).toBe(200);
    expect(overwritten.json().updated).toEqual([{ kind: 'segment', key: 'dutch' }]);
    const segments = (await send('GET', '/segments')).json().segments;
    expect(segments[0]).toMatchObject({ key: 'dutch', name: 'Dutch', conditions: [dutch] });
  });

  it('lists every error of a file, writes nothing, and answers 400', async () => {
    const owner = await signUp(t.app);
    const target = await createProject(t.app, owner, 'Target');
    const { send } = api(owner, target.id);
    const flag = (key: string, environments: object) => ({ key, name: key, type: 'boolean', environments });
    const data = {
      format: 'tabula.project-export',
      version: 1,
      exportedAt: '2026-01-01T00:00:00.000Z',
      segments: [{ key: 'fine', name: 'Fine', conditions: [] }],
      flags: [
        flag('a', { production: { enabled: true, prerequisites: [{ flag: 'b', variants: ['on'] }] } }),
        flag('b', { production: { enabled: true, prerequisites: [{ flag: 'a', variants: ['on'] }] } }),
        flag('c', { staging: { enabled: true } }),
        flag('d', {
          production: {
            enabled: true,
            rules: [{ conditions: [], segments: ['missing'], serve: { kind: 'variant', variant: 'on' } }],
          },
        }),
      ],
    };
    const refused = await send('POST', '/import', { data });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('Nothing was imported: the file has 3 error(s)');
    expect(refused.json().error.details.errors).toEqual([
      {
        kind: 'flag',
        key: 'b',
        path: 'flags.1.environments.production.prerequisites',
        reason: 'These prerequisites make a cycle: b → a → b',
      },
      {
        kind: 'flag',
        key: 'c',
        path: 'flags.2.environments.staging',
        reason: 'This project has no environment "staging"',
      },
      {
        kind: 'flag',
        key: 'd',
        path: 'flags.3.environments.production.rules.0.segments.0',
        reason: 'There is no segment "missing"',
      },
    ]);
    expect((await send('GET', '/export')).json()).toMatchObject({ flags: [], segments: [] });

    const shape = await send('POST', '/import', {
      data: { format: 'other', version: 1, exportedAt: '', flags: [{ key: 'Bad Key', name: 'x', type: 'boolean' }] },
    });
    expect(shape.statusCode).toBe(400);
    expect(shape.json().error.details.errors).toEqual([
      {
        kind: 'document',
        key: '',
        path: 'format',
        reason: 'Please choose a file exported by Tabula ("tabula.project-export")',
      },
      {
        kind: 'flag',
        key: 'Bad Key',
        path: 'flags.0.key',
        reason: 'Please input valid key: lowercase letters, digits, "-" and "_"',
      },
    ]);
    const twice = await send('POST', '/import', {
      data: { ...data, flags: [], segments: [data.segments[0], data.segments[0]] },
    });
    expect(twice.json().error.details.errors).toEqual([
      { kind: 'segment', key: 'fine', path: 'segments.1.key', reason: '"fine" appears twice' },
    ]);
    expect((await send('POST', '/import', { data, mode: 'merge' })).statusCode).toBe(400);
  });

  it('lets viewers export and only admins import, within their own projects', async () => {
    const owner = await signUp(t.app);
    const project = await createProject(t.app, owner, 'Shop');
    const empty = { format: 'tabula.project-export', version: 1, exportedAt: '' };
    const viewer = await addMember(t.app, owner, 'viewer');
    const editor = await addMember(t.app, owner, 'editor');
    const admin = await addMember(t.app, owner, 'admin');
    expect((await api(viewer, project.id).send('GET', '/export')).statusCode).toBe(200);
    expect((await api(viewer, project.id).send('POST', '/import', { data: empty })).statusCode).toBe(403);
    expect((await api(editor, project.id).send('POST', '/import', { data: empty })).statusCode).toBe(403);
    expect((await api(admin, project.id).send('POST', '/import', { data: empty })).statusCode).toBe(200);
    // A secret key acts with editor rights: it exports, it does not import.
    const secret = await createKey(t.app, owner, project.id, 'secret');
    const url = `/api/v1/projects/${project.id}`;
    expect((await asKey(t.app, secret.key, { url: `${url}/export` })).statusCode).toBe(200);
    const byKey = await asKey(t.app, secret.key, { method: 'POST', url: `${url}/import`, payload: { data: empty } });
    expect(byKey.statusCode).toBe(403);
    const stranger = await signUp(t.app, 'stranger');
    expect((await api(stranger, project.id).send('GET', '/export')).statusCode).toBe(404);
    expect((await api(stranger, project.id).send('POST', '/import', { data: empty })).statusCode).toBe(404);
  });
});
