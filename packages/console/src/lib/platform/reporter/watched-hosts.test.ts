import { describe, expect, it } from 'vitest';
import { isWatchedUrl } from './watched-hosts';

const separate = { apiHost: 'https://api.example', origin: 'https://console.example' };
const same = { apiHost: 'https://console.example', origin: 'https://console.example' };

describe('watched API hosts (spec §7)', () => {
  it('watch the console’s own /api and all of a separate API host', () => {
    expect(isWatchedUrl('/api/v1/projects', separate)).toBe(true);
    expect(isWatchedUrl('https://console.example/api/auth/auth0token', same)).toBe(true);
    expect(isWatchedUrl('https://api.example/v2/anything', separate)).toBe(true);
  });

  it('leave out the reporter’s own calls, translations, other sites and nonsense', () => {
    for (const url of ['/api/rum/collect', 'https://api.example/api/rum/speed']) {
      expect(isWatchedUrl(url, separate), url).toBe(false);
    }
    expect(isWatchedUrl('/i18n/console/common/ja.json', same)).toBe(false);
    expect(isWatchedUrl('https://cdn.example/api/v1/x', separate)).toBe(false);
    expect(isWatchedUrl('http://[bad', separate)).toBe(false);
  });
});
