import { PAGE_META } from '@tabula/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { ENV_TAG_COOKIE, envTagCookie, readEnvTagCookie } from './devtool';
import { ENV_CONFIG_ABNORMAL } from './env-config';
import { INVALID_ENV_TAG } from './env-tag';
import { initPlatform, readPlatform, usePlatformStore } from './platform';

const testPage: Record<string, string> = {
  [PAGE_META.apiHost]: 'https://api-test.example',
  [PAGE_META.platform]: 'gcp',
  [PAGE_META.environment]: 'test',
  [PAGE_META.testApiHost]: 'https://api-test.example',
  [PAGE_META.prodApiHost]: 'https://api.example',
  [PAGE_META.sgProdApiHost]: 'https://api-sg.example',
  [PAGE_META.editions]: '{"games.example.com":"mini-games"}',
};
const page = { origin: 'https://console.example', cookies: '' };

function injectMeta(values: Record<string, string>) {
  for (const [name, content] of Object.entries(values)) {
    const meta = document.createElement('meta');
    meta.name = name;
    meta.content = content;
    document.head.append(meta);
  }
}

afterEach(() => {
  for (const meta of document.head.querySelectorAll('meta')) meta.remove();
  // biome-ignore lint/suspicious/noDocumentCookie: the developer-tool cookie lives in document.cookie
  document.cookie = envTagCookie(null);
});

describe('reading the platform from the page', () => {
  it('has nothing to report for a well-configured page', () => {
    const { platform, problems, resetTagCookie } = readPlatform((name) => testPage[name], page);
    expect(platform).toMatchObject({
      tag: { platform: 'gcp', environment: 'test' },
      apiHost: 'https://api-test.example',
      editions: { 'games.example.com': 'mini-games' },
    });
    expect(problems).toEqual([]);
    expect(resetTagCookie).toBe(false);
  });

  it('reports a missing configuration and runs as production', () => {
    const { platform, problems } = readPlatform(() => undefined, page);
    expect(platform.env).toMatchObject({ environment: 'prod', platform: 'gcp', apiHost: page.origin });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(ENV_CONFIG_ABNORMAL);
  });

  it('reports an invalid tag cookie and asks for it to be reset', () => {
    const { platform, problems, resetTagCookie } = readPlatform((name) => testPage[name], {
      ...page,
      cookies: `${ENV_TAG_COOKIE}=moon%2Fbase`,
    });
    expect(platform.tag).toEqual({ platform: 'gcp', environment: 'test' });
    expect(problems).toEqual([`${INVALID_ENV_TAG}: "moon/base"`]);
    expect(resetTagCookie).toBe(true);
  });

  it('at start-up fills the store and rewrites an invalid cookie with the default tag', () => {
    injectMeta(testPage);
    // biome-ignore lint/suspicious/noDocumentCookie: the developer-tool cookie lives in document.cookie
    document.cookie = `${ENV_TAG_COOKIE}=nonsense; path=/`;

    const problems = initPlatform(document);

    expect(problems).toEqual([`${INVALID_ENV_TAG}: "nonsense"`]);
    expect(readEnvTagCookie(document.cookie)).toBe('gcp/test');
    expect(usePlatformStore.getState().env.environment).toBe('test');
  });
});
