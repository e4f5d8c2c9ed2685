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

  it('gives the code to paste, with the production key when there is one', () => {
    const code = integrationCode({
      serverOrigin: 'https://ab.example',
      projectId: 'prj123',
      clientKeys: [
        { key: 'tbc_dev', environment: 'development' },
        { key: 'tbc_prod', environment: 'production' },
      ],
    });
    expect(code).toBe(
      '<script src="https://ab.example/sdk/tabula@1.0.7.js?key=tbc_prod" data-client-key="tbc_prod" data-project-id="prj123" data-enable-ui="true"></script>',
    );
    expect(hasIntegrationCode(pageWith(code!), { projectId: 'prj123', clientKeys: ['tbc_prod'] })).toBe(true);
    expect(integrationCode({ serverOrigin: 'https://ab.example', projectId: 'prj123', clientKeys: [] })).toBeNull();
  });
});
