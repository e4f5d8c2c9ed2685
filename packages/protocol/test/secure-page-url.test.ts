import { describe, expect, it } from 'vitest';
import { createExperimentBodySchema, HTTPS_URL_MESSAGE, isSecurePageUrl, pageOpenUrl } from '../src';

describe('secure experiment pages (spec §5, read as browsers read secure contexts)', () => {
  it.each([
    'https://shop.example.com/checkout',
    'HTTPS://shop.example.com',
    'https://*.shop.example/products/*',
    'http://localhost:4000/demo',
    'http://LOCALHOST/',
    'http://localhost/demo*',
    'http://shop.localhost:3000/',
    'http://*.localhost/',
    'http://127.0.0.1:8080/',
    'http://127.255.10.3/',
    'http://[::1]:4000/',
    'http://user:pass@localhost:4000/',
    'http://localhost',
    'http://localhost?x=1',
    '  http://localhost:4000/  ',
  ])('allows %s', (url) => {
    expect(isSecurePageUrl(url)).toBe(true);
  });

  it.each([
    'http://shop.example.com/',
    'http://localhost.example.com/',
    'http://localhostx/',
    'http://128.0.0.1/',
    'http://10.0.0.1/',
    'http://[::2]/',
    'http://localhost@evil.example/',
    'http://127.0.0.1.evil.example/',
    'http://evil.example\\@localhost/',
    'http://127.0.0.256/',
    'http://local host/',
    'http://*/',
    'ftp://localhost/',
    'localhost:4000',
    'https://',
    '',
  ])('refuses %s', (url) => {
    expect(isSecurePageUrl(url)).toBe(false);
  });

  it('refuses other http pages with the spec message, in the page and in the page to open', () => {
    const issues = (page: unknown) => {
      const parsed = createExperimentBodySchema.safeParse({ key: 'hero', name: 'Hero', kind: 'visual', page });
      return parsed.success ? [] : parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
    };
    expect(issues({ url: 'http://shop.example.com/', match: 'exact' })).toEqual([['page.url', HTTPS_URL_MESSAGE]]);
    expect(issues({ url: 'https://shop.example.com/*', match: 'fuzzy', openUrl: 'http://shop.example.com/' })).toEqual([
      ['page.openUrl', HTTPS_URL_MESSAGE],
    ]);
    expect(
      issues({ url: 'http://localhost:4000/demo*', match: 'fuzzy', openUrl: 'http://localhost:4000/demo' }),
    ).toEqual([]);
  });

  it('opens a page named apart from the pattern, else the pattern when it is one address', () => {
    expect(pageOpenUrl({ url: 'http://localhost/*', openUrl: 'http://localhost/a' })).toBe('http://localhost/a');
    expect(pageOpenUrl({ url: 'http://localhost/a' })).toBe('http://localhost/a');
    expect(pageOpenUrl({ url: 'http://localhost/*', openUrl: null })).toBeNull();
  });
});
