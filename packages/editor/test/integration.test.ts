import { describe, expect, it } from 'vitest';
import { hasIntegrationCode } from '../src/integration/detect';
import { integrationCode } from '../src/integration/snippet';

const project = { projectId: 'prj123', clientKeys: ['tbc_abcdefgh'] };
const pageWith = (head: string) => {
  const doc = document.implementation.createHTMLDocument('shop');
  doc.head.innerHTML = head;
  return doc;
};

describe('integration code check (spec §2)', () => {
  it('finds the script-tag form by its project id or client key', () => {
    expect(
      hasIntegrationCode(
        pageWith('<script src="https://ab.example/sdk/tabula@1.0.7.js" data-project-id="prj123"></script>'),
        project,
      ),
    ).toBe(true);
    expect(
      hasIntegrationCode(pageWith('<script src="/sdk/tabula.js" data-client-key="tbc_abcdefgh"></script>'), project),
    ).toBe(true);
  });

  it('finds the code form: the SDK loaded, the project named in an inline script', () => {
    const page = pageWith(
      '<script src="https://ab.example/sdk/tabula@3.0.5.js"></script><script>Tabula.createClient({ appId: "prj123" })</script>',
    );
    expect(hasIntegrationCode(page, project)).toBe(true);
  });

  it('finds nothing for another project, no SDK, or only the editor', () => {
    expect(
      hasIntegrationCode(pageWith('<script src="/sdk/tabula.js" data-project-id="prj999"></script>'), project),
    ).toBe(false);
    expect(hasIntegrationCode(pageWith('<script>var id = "prj123"</script>'), project)).toBe(false);
    expect(
      hasIntegrationCode(pageWith('<script src="/sdk/editor.js" data-project-id="prj123"></script>'), project),
    ).toBe(false);
    expect(hasIntegrationCode(pageWith(''), project)).toBe(false);
  });

  it('gives the code the console writes for its edition, with the production key when there is one', () => {
    const clientKeys = [
      { key: 'tbc_dev', environment: 'development', decryptionKey: null },
      { key: 'tbc_prod', environment: 'production', decryptionKey: null },
    ];
    const code = integrationCode({ family: 'abc', projectId: 'prj123', clientKeys }, 'https://ab.example');
    expect(code).toBe(
      [
        '<script src="https://ab.example/sdk/tabula@1.0.7.js?key=tbc_prod"',
        '  data-api-host="https://ab.example"',
        '  data-client-key="tbc_prod"',
        '  data-project-id="prj123"',
        '  data-unit-id=""',
        '  data-enable-ui="true"',
        '  data-auto-poll="true"',
        '  data-auto-exposure="false"',
        '  data-streaming="true"></script>',
      ].join('\n'),
    );
    expect(hasIntegrationCode(pageWith(code!), { projectId: 'prj123', clientKeys: ['tbc_prod'] })).toBe(true);
    expect(integrationCode({ family: 'abc', projectId: 'prj123', clientKeys: [] }, 'https://ab.example')).toBeNull();
  });

  it('writes the tab family’s 3.0.5 form with the app id, and the decryption key of an encrypted environment', () => {
    const clientKeys = [{ key: 'tbc_prod', environment: 'production', decryptionKey: 'c2VjcmV0LWtleS1iYXNlNjQ=' }];
    const code = integrationCode({ family: 'tab', projectId: 'prj123', clientKeys }, 'https://ab.example') ?? '';
    expect(code).toContain('src="https://ab.example/sdk/tabula@3.0.5.js?key=tbc_prod"');
    expect(code).toContain('data-app-id="prj123"');
    expect(code).not.toContain('data-project-id');
    expect(code).toContain('data-decryption-key="c2VjcmV0LWtleS1iYXNlNjQ="');
  });
});
