import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { addMember, call, createKey, createProject, type Session, signUp } from '../../../test/client';
import { fetchPayload } from '../../../test/sdk';

describe('flag prerequisites and cloning', () => {
  const t = useTestApp();

  async function setUp() {
    const owner = await signUp(t.app);
    const project = await createProject(t.app, owner);
    const base = `/api/v1/projects/${project.id}/flags`;
    const as = (session: Session, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
      call(t.app, session, { method, url: `${base}${url}`, ...(payload === undefined ? {} : { payload }) });
    for (const key of ['checkout', 'new-cart', 'upsell']) {
      expect((await as(owner, 'POST', '', { key, name: key, type: 'boolean' })).statusCode).toBe(201);
    }
    const require = (key: string, prerequisites: unknown, env = 'production') =>
      as(owner, 'PUT', `/${key}/environments/${env}`, { prerequisites });
    return { owner, project, as, require };
  }

  it('saves prerequisites per environment and puts them in that environment’s payload', async () => {
    const { owner, project, as, require } = await setUp();
    const saved = await require('new-cart', [{ flag: 'checkout', variants: ['on'] }]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().prerequisites).toEqual([{ flag: 'checkout', variants: ['on'] }]);
    const flag = (await as(owner, 'GET', '/new-cart')).json();
    expect(flag.environments.development.prerequisites).toEqual([]);

    const key = await createKey(t.app, owner, project.id, 'client');
    const payload = (await fetchPayload(t.app, key.key)).json();
    const flags = Object.fromEntries(payload.flags.map((item: { key: string }) => [item.key, item]));
    expect(flags['new-cart'].prerequisites).toEqual([{ flag: 'checkout', variants: ['on'] }]);
    // Left out where there are none, so payloads do not grow.
    expect(flags.checkout).not.toHaveProperty('prerequisites');
  });

  it('refuses bad prerequisites and cycles with a 400 naming the problem', async () => {
    const { owner, as, require } = await setUp();
    const self = await require('checkout', [{ flag: 'checkout', variants: ['on'] }]);
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe('Flag "checkout" cannot require itself');
    const unknownVariant = await require('checkout', [{ flag: 'upsell', variants: ['maybe'] }]);
    expect(unknownVariant.json().error.details[0].path).toBe('prerequisites.0.variants.0');
    const noVariants = await require('checkout', [{ flag: 'upsell', variants: [] }]);
    expect(noVariants.statusCode).toBe(400);
    const unknownFlag = await require('checkout', [{ flag: 'nowhere', variants: ['on'] }]);
    expect(unknownFlag.json().error.message).toBe('There is no flag "nowhere"');

    expect((await require('new-cart', [{ flag: 'checkout', variants: ['on'] }])).statusCode).toBe(200);
    expect((await require('upsell', [{ flag: 'new-cart', variants: ['on'] }])).statusCode).toBe(200);
    const cycle = await require('checkout', [{ flag: 'upsell', variants: ['on'] }]);
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().error.message).toBe(
      'These prerequisites make a cycle: checkout → upsell → new-cart → checkout',
    );
    // The same edge is no cycle in an environment where the others do not exist.
    expect((await require('checkout', [{ flag: 'upsell', variants: ['on'] }], 'development')).statusCode).toBe(200);
    // Copying rules brings prerequisites along, checked against the target environment.
    const copy = (key: string) =>
      as(owner, 'POST', `/${key}/environments/copy`, { from: 'production', to: 'development' });
    const copied = await copy('upsell');
    expect(copied.statusCode, copied.body).toBe(200);
    expect(copied.json().prerequisites).toEqual([{ flag: 'new-cart', variants: ['on'] }]);
    const closing = await copy('new-cart');
    expect(closing.statusCode).toBe(400);
    expect(closing.json().error.message).toBe(
      'These prerequisites make a cycle: new-cart → checkout → upsell → new-cart',
    );
  });

  it('refuses to archive a required flag, or drop a variant one requires, listing who requires it', async () => {
    const { owner, as, require } = await setUp();
    await require('new-cart', [{ flag: 'checkout', variants: ['on'] }]);
    const archive = await as(owner, 'POST', '/checkout/archive');
    expect(archive.statusCode).toBe(409);
    expect(archive.json().error.message).toBe(
      'Flag "checkout" is a prerequisite of new-cart (production): remove it from them first',
    );
    expect(archive.json().error.details).toEqual(['new-cart (production)']);
    const drop = await as(owner, 'PATCH', '/checkout', {
      variants: [
        { key: 'yes', value: true },
        { key: 'off', value: false },
      ],
      defaultVariant: 'yes',
    });
    expect(drop.statusCode).toBe(409);
    await require('new-cart', []);
    expect((await as(owner, 'POST', '/checkout/archive')).statusCode).toBe(200);
    // An archived flag cannot become a prerequisite.
    const archived = await require('upsell', [{ flag: 'checkout', variants: ['on'] }]);
    expect(archived.json().error.message).toBe('Flag "checkout" is archived');
  });

  it('clones a flag with its definition, rules and prerequisites, off everywhere, and audits it', async () => {
    const { owner, project, as, require } = await setUp();
    await as(owner, 'PATCH', '/new-cart', { tags: ['shop'], metadata: { owner: 'team-cart' }, description: 'Cart' });
    await require('new-cart', [{ flag: 'checkout', variants: ['on'] }]);
    const rules = [
      {
        id: 'nl',
        conditions: [{ attribute: 'country', operator: 'eq', values: ['NL'] }],
        segments: [],
        serve: { kind: 'variant', variant: 'on' },
      },
    ];
    await as(owner, 'PUT', '/new-cart/environments/production', { enabled: true, rules });

    const clone = await as(owner, 'POST', '/new-cart/clone', { key: 'new-cart-2', name: 'New cart, again' });
    expect(clone.statusCode, clone.body).toBe(201);
    expect(clone.json()).toMatchObject({
      key: 'new-cart-2',
      name: 'New cart, again',
      description: 'Cart',
      type: 'boolean',
      tags: ['shop'],
      metadata: { owner: 'team-cart' },
      environments: {
        production: { enabled: false, rules, prerequisites: [{ flag: 'checkout', variants: ['on'] }] },
        development: { enabled: false, rules: [], prerequisites: [] },
      },
    });
    const audit = await call(t.app, owner, {
      url: `/api/v1/audit?projectId=${project.id}&entityId=${clone.json().id}`,
    });
    expect(audit.statusCode, audit.body).toBe(200);
    expect(audit.json().entries).toMatchObject([{ action: 'flag.cloned', after: { clonedFrom: 'new-cart' } }]);

    expect((await as(owner, 'POST', '/new-cart/clone', { key: 'checkout', name: 'Taken' })).statusCode).toBe(409);
    expect((await as(owner, 'POST', '/nowhere/clone', { key: 'fresh', name: 'Fresh' })).statusCode).toBe(404);
    expect((await as(owner, 'POST', '/new-cart/clone', { key: 'Bad Key', name: 'x' })).statusCode).toBe(400);
    const viewer = await addMember(t.app, owner, 'viewer');
    expect((await as(viewer, 'POST', '/new-cart/clone', { key: 'by-viewer', name: 'x' })).statusCode).toBe(403);
    // Another project's flag is not found from this one.
    const other = await createProject(t.app, owner, 'Other');
    const foreign = await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${other.id}/flags/new-cart/clone`,
      payload: { key: 'stolen', name: 'Stolen' },
    });
    expect(foreign.statusCode).toBe(404);
  });
});
