import { describe, expect, it } from 'vitest';
import { parseUserAgent } from './user-agent';

const cases: [string, string, ReturnType<typeof parseUserAgent>][] = [
  [
    'Chrome on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    { browser: 'Chrome', device: 'desktop', os: 'Windows' },
  ],
  [
    'Edge on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
    { browser: 'Edge', device: 'desktop', os: 'Windows' },
  ],
  [
    'Safari on macOS',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
    { browser: 'Safari', device: 'desktop', os: 'macOS' },
  ],
  [
    'Firefox on Linux',
    'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
    { browser: 'Firefox', device: 'desktop', os: 'Linux' },
  ],
  [
    'Safari on iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    { browser: 'Safari', device: 'mobile', os: 'iOS' },
  ],
  [
    'Chrome on iPad',
    'Mozilla/5.0 (iPad; CPU OS 17_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
    { browser: 'Chrome', device: 'tablet', os: 'iOS' },
  ],
  [
    'Firefox on iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15',
    { browser: 'Firefox', device: 'mobile', os: 'iOS' },
  ],
  [
    'Chrome on an Android phone',
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    { browser: 'Chrome', device: 'mobile', os: 'Android' },
  ],
  [
    'Chrome on an Android tablet (no "Mobile")',
    'Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    { browser: 'Chrome', device: 'tablet', os: 'Android' },
  ],
  [
    'Samsung Internet',
    'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
    { browser: 'Samsung Internet', device: 'mobile', os: 'Android' },
  ],
  [
    'Opera counts as other',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0',
    { browser: 'Other', device: 'desktop', os: 'Windows' },
  ],
  ['nothing known', 'curl/8.5.0', { browser: 'Other', device: 'desktop', os: 'Other' }],
  ['empty', '', { browser: 'Other', device: 'desktop', os: 'Other' }],
];

describe('parseUserAgent', () => {
  it.each(cases)('%s', (_, ua, expected) => {
    expect(parseUserAgent(ua)).toEqual(expected);
  });
});
