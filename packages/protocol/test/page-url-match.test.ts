import { describe, expect, it } from 'vitest';
import { pageUrlMatches, urlScheme } from '../src';

describe('page patterns', () => {
  it('read every character but * as itself, whatever a regular expression would make of it', () => {
    const page = 'https://shop.example/[sale]/a+b/(x)|y/{1}/$^/ü/price\\tag?q=1+1&r=a.b';
    expect(pageUrlMatches(page, 'exact', page)).toBe(true);
    expect(pageUrlMatches('https://shop.example/a+b', 'exact', 'https://shop.example/aab')).toBe(false);
    expect(pageUrlMatches('https://shop.example/[ab]', 'exact', 'https://shop.example/a')).toBe(false);
    expect(pageUrlMatches('https://shop.example/a|b', 'exact', 'https://shop.example/b')).toBe(false);
    expect(pageUrlMatches('https://shop.example/?q=1+1', 'exact', 'https://shop.example/?q=11')).toBe(false);
  });

  it('let * stand for any run of characters, none included, in each part of the address', () => {
    expect(pageUrlMatches('https://shop.example/*', 'exact', 'https://shop.example/')).toBe(true);
    expect(pageUrlMatches('https://shop.example/p/*/buy', 'exact', 'https://shop.example/p/1/2/buy')).toBe(true);
    expect(pageUrlMatches('https://shop.example/*?ref=*', 'exact', 'https://shop.example/cart?ref=mail')).toBe(true);
    expect(pageUrlMatches('https://shop.example/*?ref=*', 'exact', 'https://shop.example/cart')).toBe(false);
  });

  it('drop the default port of the scheme only', () => {
    expect(pageUrlMatches('http://shop.example:80/', 'exact', 'http://shop.example/')).toBe(true);
    expect(pageUrlMatches('https://shop.example:80/', 'exact', 'https://shop.example/')).toBe(false);
    expect(pageUrlMatches('https://shop.example:8443/', 'fuzzy', 'https://shop.example/')).toBe(false);
  });

  it('tell the scheme of an absolute address', () => {
    expect(urlScheme(' HTTPS://shop.example/x ')).toBe('https');
    expect(urlScheme('/relative')).toBeUndefined();
  });
});
