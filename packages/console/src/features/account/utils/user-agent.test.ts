import { describe, expect, it } from 'vitest';
import { describeUserAgent } from './user-agent';

describe('describing a browser from its user agent', () => {
  it.each([
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      { browser: 'Chrome 131', system: 'macOS', mobile: false },
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
      { browser: 'Edge 131', system: 'Windows', mobile: false },
    ],
    [
      'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
      { browser: 'Firefox 133', system: 'Linux', mobile: false },
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      { browser: 'Safari 18', system: 'iOS', mobile: true },
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      { browser: 'Chrome 131', system: 'Android', mobile: true },
    ],
    ['curl/8.5.0', { browser: 'curl 8', system: null, mobile: false }],
  ])('%s', (userAgent, expected) => {
    expect(describeUserAgent(userAgent)).toEqual(expected);
  });

  it('knows nothing of a missing or unreadable one', () => {
    expect(describeUserAgent(null)).toEqual({ browser: null, system: null, mobile: false });
    expect(describeUserAgent('Mozilla/5.0 (compatible)')).toEqual({ browser: null, system: null, mobile: false });
  });
});
