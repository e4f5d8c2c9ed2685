import { describe, expect, it } from 'vitest';
import { isConsoleOrigin } from './origin';

const allowed = { publicUrl: 'https://ab.example.com', editions: { 'games.example.com': 'mini-games' as const } };

describe('console origin', () => {
  it('accepts the public URL and the edition hosts', () => {
    expect(isConsoleOrigin({ origin: 'https://ab.example.com' }, allowed)).toBe(true);
    expect(isConsoleOrigin({ origin: 'https://games.example.com' }, allowed)).toBe(true);
    expect(isConsoleOrigin({ origin: 'http://games.example.com:8080' }, allowed)).toBe(true);
  });

  it('falls back to the Referer when the Origin is missing', () => {
    expect(isConsoleOrigin({ referer: 'https://ab.example.com/projects/p1/flags' }, allowed)).toBe(true);
    expect(isConsoleOrigin({ referer: 'https://elsewhere.example/page' }, allowed)).toBe(false);
  });

  it('refuses other origins, other schemes or ports of the public URL, and nothing at all', () => {
    for (const origin of [
      'https://elsewhere.example',
      'http://ab.example.com',
      'https://ab.example.com:8443',
      'https://ab.example.com.evil.example',
      'null',
      'chrome-extension://abc',
    ]) {
      expect(isConsoleOrigin({ origin }, allowed), origin).toBe(false);
    }
    expect(isConsoleOrigin({}, allowed)).toBe(false);
  });
});
