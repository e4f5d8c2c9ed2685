import { SCRIPT_PAYLOAD_PROPERTY } from '@tabula/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCRIPT_PAYLOAD_PROPERTY as SDK_SCRIPT_PAYLOAD_PROPERTY } from '../../src/client/constants';
import { clientFromScriptTag } from '../../src/client/script-tag';
import { makePayload } from './fake-server';

const never = () => new Promise<Response>(() => {});

describe('client from the snippet script tag', () => {
  // A page with no server behind it: nothing may leave the test.
  afterEach(() => vi.unstubAllGlobals());

  it('starts nothing without a client key', () => {
    expect(clientFromScriptTag(null)).toBeUndefined();
    expect(clientFromScriptTag({ dataset: { projectId: 'p' } })).toBeUndefined();
  });

  it('reads the tab family (app id) and the other families (project id) with their options', () => {
    vi.stubGlobal('fetch', vi.fn(never));
    vi.stubGlobal('EventSource', undefined);
    const tab = clientFromScriptTag({
      dataset: { clientKey: 'k', apiHost: 'https://t.example', appId: 'p', userId: 'u', autoPoll: 'false' },
    });
    const other = clientFromScriptTag({
      dataset: { clientKey: 'k', projectId: 'p', enableUi: 'true', autoPoll: 'false' },
    });
    expect(tab?.version).toBe('3.0.5');
    expect(other?.version).toBe('1.0.7');
    expect(other?.enableUI).toBe(true);
    tab?.destroy();
    other?.destroy();
  });

  it('starts from the payload the server sent with the script (loaded with ?key=), before any request answers', async () => {
    expect(SDK_SCRIPT_PAYLOAD_PROPERTY).toBe(SCRIPT_PAYLOAD_PROPERTY);
    const fetch = vi.fn(never);
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('EventSource', undefined);
    const client = clientFromScriptTag({
      dataset: { clientKey: 'tbc_test', apiHost: 'https://t.example', projectId: 'prj_1', unitId: 'u' },
      [SDK_SCRIPT_PAYLOAD_PROPERTY]: makePayload('r1'),
    });
    expect(client?.isOn('new-checkout')).toBe(true);
    // Still revalidated, with the payload's revision as its ETag: a 304 when nothing changed since.
    await vi.waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(
        expect.stringContaining('/sdk/v1/payload/tbc_test'),
        expect.objectContaining({ headers: expect.objectContaining({ 'if-none-match': '"r1"' }) }),
      ),
    );
    client?.destroy();
  });
});
