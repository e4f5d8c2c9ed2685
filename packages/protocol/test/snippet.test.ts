import { describe, expect, it } from 'vitest';
import { buildSnippet, type SnippetInput, sdkScriptUrl, snippetOptions } from '../src';

const other: SnippetInput = {
  family: 'abc',
  origin: 'https://tabula.example.com',
  clientKey: 'tbc_abc',
  projectId: 'PRJ23456789abcde',
  unitId: 'user-42',
  enableUI: true,
  autoPoll: true,
  autoExposure: false,
  streaming: true,
};

describe('SDK snippet (spec §1)', () => {
  it('loads 3.0.5 for the tab family and 1.0.7 for the others', () => {
    expect(sdkScriptUrl('https://t.example', 'tab')).toBe('https://t.example/sdk/tabula@3.0.5.js');
    expect(sdkScriptUrl('https://t.example', 'mg')).toBe('https://t.example/sdk/tabula@1.0.7.js');
  });

  it('names the client key in the address, so the server sends the payload with the SDK', () => {
    expect(sdkScriptUrl('https://t.example', 'abc', 'tbc_a+b')).toBe(
      'https://t.example/sdk/tabula@1.0.7.js?key=tbc_a%2Bb',
    );
  });

  it('configures other families with project id, unit id, key and the options, in data attributes', () => {
    expect(buildSnippet(other, 'script')).toBe(
      [
        '<script src="https://tabula.example.com/sdk/tabula@1.0.7.js?key=tbc_abc"',
        '  data-api-host="https://tabula.example.com"',
        '  data-client-key="tbc_abc"',
        '  data-project-id="PRJ23456789abcde"',
        '  data-unit-id="user-42"',
        '  data-enable-ui="true"',
        '  data-auto-poll="true"',
        '  data-auto-exposure="false"',
        '  data-streaming="true"></script>',
      ].join('\n'),
    );
  });

  it('passes the decryption key right after the client key when the environment encrypts its payload', () => {
    const encrypted = { ...other, decryptionKey: 'k3y+base64/==' };
    expect(snippetOptions(encrypted).slice(1, 3)).toEqual([
      ['clientKey', 'tbc_abc'],
      ['decryptionKey', 'k3y+base64/=='],
    ]);
    expect(buildSnippet(encrypted, 'script')).toContain(
      '  data-client-key="tbc_abc"\n  data-decryption-key="k3y+base64/=="\n  data-project-id=',
    );
    expect(buildSnippet(encrypted, 'javascript')).toContain(
      '    clientKey: "tbc_abc",\n    decryptionKey: "k3y+base64/==",\n',
    );
    expect(snippetOptions(other).map(([name]) => name)).not.toContain('decryptionKey');
    expect(buildSnippet(other, 'script')).not.toContain('data-decryption-key');
  });

  it('configures the tab family with the app id, and the user id only when there is one', () => {
    const tab = { ...other, family: 'tab' as const, unitId: '' };
    const anonymous = buildSnippet(tab, 'script');
    expect(anonymous).toContain('data-app-id="PRJ23456789abcde"');
    expect(anonymous).not.toContain('data-user-id');
    expect(anonymous).not.toContain('data-unit-id');
    expect(buildSnippet({ ...tab, unitId: 'u-7' }, 'script')).toContain('data-user-id="u-7"');
  });

  it('writes the JavaScript form with the same options as JSON', () => {
    const code = buildSnippet({ ...other, unitId: 'a "quoted" id' }, 'javascript');
    expect(code).toContain('<script src="https://tabula.example.com/sdk/tabula@1.0.7.js"></script>');
    expect(code).toContain('window.tabula = Tabula.createClient({');
    expect(code).toContain('    unitId: "a \\"quoted\\" id",');
    expect(code).toContain('    autoExposure: false,');
    expect(code).toContain('    streaming: true,');
  });

  it('writes live updates off as the SDK reads it, in both forms', () => {
    const polled = { ...other, streaming: false };
    expect(buildSnippet(polled, 'script')).toContain('  data-streaming="false"></script>');
    expect(buildSnippet(polled, 'javascript')).toContain('    streaming: false,');
  });

  it('escapes what people type so it cannot break out of the attribute', () => {
    const code = buildSnippet({ ...other, unitId: '"><img src=x onerror=alert(1)>' }, 'script');
    expect(code).toContain('data-unit-id="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"');
    expect(code).not.toContain('"><img');
  });
});
