import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type Environment,
  type FlagRule,
  PAYLOAD_KEY_BYTES,
  SCRIPT_PAYLOAD_PROPERTY,
  sdkPayloadSchema,
  sealedPayloadSchema,
} from '@tabula/protocol';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { addMember, call, createKey } from '../../../test/client';
import { addFlag, fetchPayload, type SdkProject, sdkProject } from '../../../test/sdk';

/** Opens a sealed payload as a browser does: WebCrypto, AES-GCM, the tag after the ciphertext. */
async function open(encrypted: string, key: string): Promise<unknown> {
  const bytes = (base64: string | undefined) => new Uint8Array(Buffer.from(base64 ?? '', 'base64'));
  const [iv, data] = encrypted.split('.');
  const secret = await crypto.subtle.importKey('raw', bytes(key), 'AES-GCM', false, ['decrypt']);
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: bytes(iv) }, secret, bytes(data));
  return JSON.parse(Buffer.from(plain).toString('utf8'));
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const staff: FlagRule = {
  id: 'staff',
  conditions: [{ attribute: 'email', operator: 'in_hashed', values: ['ana@example.com', 'bo@example.com'] }],
  segments: [],
  serve: { kind: 'variant', variant: 'on' },
};
const outsiders: FlagRule = {
  id: 'outsiders',
  conditions: [{ attribute: 'email', operator: 'not_in_hashed', values: ['ana@example.com'] }],
  segments: [],
  serve: { kind: 'variant', variant: 'on' },
};

/** A stand-in for the built SDK, for the keyed bundle to put the payload in front of. */
const sdkDir = mkdtempSync(join(tmpdir(), 'tabula-sdk-'));
writeFileSync(join(sdkDir, 'tabula.js'), '(function(){})();\n');

describe('payload encryption', () => {
  const t = useTestApp({ sdkDir });

  const environments = (project: SdkProject) => `/api/v1/projects/${project.projectId}/environments` as const;
  const encrypt = (project: SdkProject, encryptPayload: unknown, session = project.owner) =>
    call(t.app, session, {
      method: 'PATCH',
      url: `${environments(project)}/production`,
      payload: { encryptPayload } as object,
    });
  const production = async (project: SdkProject): Promise<Environment> =>
    (await call(t.app, project.owner, { url: environments(project) }))
      .json()
      .environments.find((env: Environment) => env.key === 'production');

  it('serves the payload encrypted under the environment’s key, which comes with its client keys', async () => {
    const project = await sdkProject(t.app);
    await addFlag(t.database.db, project.projectId, {
      key: 'secret-sale',
      environments: { [project.environments.production as string]: { enabled: true } },
    });
    const clear = await fetchPayload(t.app, project.clientKey);
    expect(clear.body).toContain('secret-sale');
    expect((await production(project)).payloadKey).toBeNull();

    const turnedOn = await encrypt(project, true);
    expect(turnedOn.statusCode, turnedOn.body).toBe(200);
    const key = turnedOn.json().payloadKey as string;
    expect(Buffer.from(key, 'base64')).toHaveLength(PAYLOAD_KEY_BYTES);

    const sealed = await fetchPayload(t.app, project.clientKey, { 'if-none-match': clear.headers.etag as string });
    expect(sealed.statusCode, 'a new revision, not a 304').toBe(200);
    expect(sealed.body).not.toContain('secret-sale');
    const body = sealedPayloadSchema.parse(sealed.json());
    expect(sealed.headers.etag).toBe(`"${body.revision}"`);
    const payload = sdkPayloadSchema.parse(await open(body.encrypted, key));
    expect(payload.revision).toBe(body.revision);
    expect(payload.flags.map((flag) => flag.key)).toEqual(['secret-sale']);

    // Asking again keeps the key: pages carrying it go on working.
    expect((await encrypt(project, true)).json().payloadKey).toBe(key);
    const again = await fetchPayload(t.app, project.clientKey, { 'if-none-match': sealed.headers.etag as string });
    expect(again.statusCode).toBe(304);

    // The snippet's keyed bundle carries the encrypted payload too.
    const bundle = await t.app.inject({ url: `/sdk/tabula.js?key=${project.clientKey}` });
    expect(bundle.body).toContain(`${SCRIPT_PAYLOAD_PROPERTY}=`);
    expect(bundle.body).toContain('"encrypted"');
    expect(bundle.body).not.toContain('secret-sale');

    const keys = (await call(t.app, project.owner, { url: `/api/v1/projects/${project.projectId}/keys` })).json();
    const secretKey = await createKey(t.app, project.owner, project.projectId, 'secret');
    expect(keys.keys).toEqual([expect.objectContaining({ key: project.clientKey, decryptionKey: key })]);
    expect(secretKey.decryptionKey).toBeNull();

    // Server-side evaluation reads the payload in clear, as before.
    const evaluated = await t.app.inject({
      method: 'POST',
      url: `/sdk/v1/evaluate/${project.clientKey}`,
      payload: { unitId: 'visitor-1' },
    });
    expect(evaluated.json().flags['secret-sale']).toMatchObject({ value: true, reason: 'STATIC' });
  });

  it('rotates the key and turns encryption off, each a new revision, recorded without the key', async () => {
    const project = await sdkProject(t.app);
    const first = (await encrypt(project, true)).json().payloadKey as string;
    const before = await fetchPayload(t.app, project.clientKey);

    const rotated = await call(t.app, project.owner, {
      method: 'POST',
      url: `${environments(project)}/production/payload-key`,
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const second = rotated.json().payloadKey as string;
    expect(second).not.toBe(first);
    const after = await fetchPayload(t.app, project.clientKey, { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    const { encrypted } = sealedPayloadSchema.parse(after.json());
    await expect(open(encrypted, first), 'the old key opens nothing').rejects.toThrow();
    expect(await open(encrypted, second)).toMatchObject({ projectId: project.projectId });

    const off = await encrypt(project, false);
    expect(off.json().payloadKey).toBeNull();
    const clear = await fetchPayload(t.app, project.clientKey, { 'if-none-match': after.headers.etag as string });
    expect(clear.statusCode).toBe(200);
    expect(sdkPayloadSchema.parse(clear.json()).projectId).toBe(project.projectId);

    const audit = await call(t.app, project.owner, {
      url: `/api/v1/audit?projectId=${project.projectId}&entityType=environment`,
    });
    const entries = audit.json().entries as { action: string; before: unknown; after: unknown }[];
    expect(entries.slice(0, 3).map(({ action, before, after }) => ({ action, before, after }))).toEqual([
      {
        action: 'environment.updated',
        before: { key: 'production', name: 'Production', encryptPayload: true, protected: true, requiredApprovals: 0 },
        after: { key: 'production', name: 'Production', encryptPayload: false, protected: true, requiredApprovals: 0 },
      },
      expect.objectContaining({ action: 'environment.payload_key_rotated' }),
      expect.objectContaining({
        action: 'environment.updated',
        after: expect.objectContaining({ encryptPayload: true }),
      }),
    ]);
    expect(audit.body).not.toContain(first);
    expect(audit.body).not.toContain(second);
  });

  it('lets only admins change it, and refuses a body that is not a yes or no', async () => {
    const project = await sdkProject(t.app);
    const editor = await addMember(t.app, project.owner, 'editor');
    expect((await encrypt(project, true, editor)).statusCode).toBe(403);
    const rotate = await call(t.app, editor, {
      method: 'POST',
      url: `${environments(project)}/production/payload-key`,
    });
    expect(rotate.statusCode).toBe(403);
    for (const bad of ['yes', 1, null]) {
      const response = await encrypt(project, bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
    }
    const empty = await call(t.app, project.owner, {
      method: 'PATCH',
      url: `${environments(project)}/production`,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    expect((await production(project)).payloadKey).toBeNull();
    expect(sdkPayloadSchema.safeParse((await fetchPayload(t.app, project.clientKey)).json()).success).toBe(true);
  });
});

describe('hashed conditions', () => {
  const t = useTestApp();

  it('carry SHA-256 digests of their values, and match on the unit’s attribute as the plain lists would', async () => {
    const project = await sdkProject(t.app);
    const productionId = project.environments.production as string;
    await addFlag(t.database.db, project.projectId, {
      key: 'staff-preview',
      environments: { [productionId]: { enabled: true, rules: [staff] } },
      defaultVariant: 'off',
    });
    await addFlag(t.database.db, project.projectId, {
      key: 'outsider-banner',
      environments: { [productionId]: { enabled: true, rules: [outsiders] } },
      defaultVariant: 'off',
    });
    const response = await fetchPayload(t.app, project.clientKey);
    expect(response.body).not.toContain('example.com');
    const payload = sdkPayloadSchema.parse(response.json());
    expect(payload.flags[1]?.rules[0]?.conditions).toEqual([
      { attribute: 'email', operator: 'in_hashed', values: [sha256('ana@example.com'), sha256('bo@example.com')] },
    ]);

    const evaluate = async (email?: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: `/sdk/v1/evaluate/${project.clientKey}`,
          payload: { unitId: 'u1', attributes: email === undefined ? {} : { email } },
        })
      ).json().flags;
    const ana = await evaluate('ana@example.com');
    expect(ana['staff-preview']).toMatchObject({ value: true, ruleId: 'staff' });
    expect(ana['outsider-banner']).toMatchObject({ value: false, reason: 'DEFAULT' });
    const eve = await evaluate('eve@example.com');
    expect(eve['staff-preview']).toMatchObject({ value: false, reason: 'DEFAULT' });
    expect(eve['outsider-banner']).toMatchObject({ value: true, ruleId: 'outsiders' });
    // Exact text: another case is another address, as with `in`.
    expect((await evaluate('Ana@example.com'))['staff-preview'].value).toBe(false);
    expect((await evaluate())['outsider-banner'].value).toBe(true);
  });
});
