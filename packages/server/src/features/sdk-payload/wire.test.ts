import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { call } from '../../../test/client';
import { addFlag, announceChange, fetchPayload, sdkProject } from '../../../test/sdk';

/** What polling pages pay on every request: the bytes of the answer's header fields. */
const headerBytes = (headers: Record<string, unknown>) =>
  Object.entries(headers).reduce((sum, [name, value]) => sum + Buffer.byteLength(`${name}: ${value}\r\n`), 0);

describe('SDK answers on the wire', () => {
  const t = useTestApp();

  async function projectWithFlags(count: number) {
    const project = await sdkProject(t.app);
    for (let index = 0; index < count; index++) {
      await addFlag(t.database.db, project.projectId, {
        key: `flag-number-${index}`,
        environments: { [project.environments.production!]: { enabled: true } },
      });
    }
    await announceChange(t.database.db, project.projectId);
    return project;
  }

  it('answers a payload revalidation with a small 304 that carries none of the console’s headers', async () => {
    const project = await projectWithFlags(1);
    const first = await fetchPayload(t.app, project.clientKey);
    expect(first.statusCode).toBe(200);
    for (const console of ['content-security-policy', 'permissions-policy', 'cross-origin-resource-policy']) {
      expect(first.headers[console], console).toBeUndefined();
    }
    const again = await fetchPayload(t.app, project.clientKey, { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(Object.keys(again.headers).sort()).toEqual([
      'access-control-allow-origin',
      'cache-control',
      'connection',
      'date',
      'etag',
      'vary',
    ]);
    expect(headerBytes(again.headers), JSON.stringify(again.headers)).toBeLessThanOrEqual(200);
    // The console keeps its own protections.
    const page = await t.app.inject({ url: '/api/health' });
    expect(page.headers['x-content-type-options']).toBe('nosniff');
  });

  it('compresses online evaluation in the encoding the caller accepts, and small answers not at all', async () => {
    const project = await projectWithFlags(60);
    const evaluate = (encoding?: string) =>
      t.app.inject({
        method: 'POST',
        url: `/sdk/v1/evaluate/${project.clientKey}`,
        headers: encoding ? { 'accept-encoding': encoding } : {},
        payload: { unitId: 'visitor-1', attributes: {} },
      });
    const plain = await evaluate();
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const brotli = await evaluate('gzip, deflate, br');
    expect(brotli.headers).toMatchObject({ 'content-encoding': 'br', vary: 'accept-encoding' });
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain.json());
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    const gzip = await evaluate('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());

    const small = await sdkProject(t.app);
    const tiny = await t.app.inject({
      method: 'POST',
      url: `/sdk/v1/evaluate/${small.clientKey}`,
      headers: { 'accept-encoding': 'br' },
      payload: { unitId: 'visitor-1', attributes: {} },
    });
    expect(tiny.headers['content-encoding']).toBeUndefined();
  });

  it('compresses OFREP bulk answers too', async () => {
    const project = await projectWithFlags(60);
    const response = await t.app.inject({
      method: 'POST',
      url: '/ofrep/v1/evaluate/flags',
      headers: { authorization: `Bearer ${project.clientKey}`, 'accept-encoding': 'br' },
      payload: { context: { targetingKey: 'visitor-1' } },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString()).flags).toHaveLength(60);
  });

  it('gives new rules short ids that compress, keeping the ids rules already have', async () => {
    const project = await sdkProject(t.app);
    const url = `/api/v1/projects/${project.projectId}/flags`;
    await call(t.app, project.owner, {
      method: 'POST',
      url,
      payload: { key: 'promo', name: 'Promo', type: 'boolean' },
    });
    const serve = { kind: 'variant', variant: 'on' };
    const put = (rules: object[]) =>
      call(t.app, project.owner, { method: 'PUT', url: `${url}/promo/environments/development`, payload: { rules } });
    const first = await put([{ serve }, { serve }]);
    expect(first.json().rules.map((rule: { id: string }) => rule.id)).toEqual(['r1', 'r2']);
    const second = await put([{ id: 'r2', serve }, { serve }, { id: 'kept-from-before', serve }]);
    expect(second.json().rules.map((rule: { id: string }) => rule.id)).toEqual(['r2', 'r1', 'kept-from-before']);
  });
});
