import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientFromScriptTag } from '../../src/client/script-tag';

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
});
