import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { meAs, project } from '../../../testing/fixtures';
import { mockApi, type RecordedCall } from '../../../testing/mock-api';
import { renderWithApp } from '../../../testing/render';
import { TransferCard } from './transfer-card';

const importPath = `POST /api/v1/projects/${project.id}/import`;
const document = { format: 'tabula.project-export', version: 1, exportedAt: '', flags: [], segments: [], metrics: [] };
const clean = (call: RecordedCall) => ({
  body: {
    dryRun: (call.body as { dryRun: boolean }).dryRun,
    created: [{ kind: 'flag', key: 'checkout' }],
    updated: [],
    conflicts: [],
    errors: [],
  },
});

/** Chooses a file the way the upload button's hidden input receives it. */
function chooseFile(text: string) {
  const input = window.document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File([text], 'shop.json', { type: 'application/json' })] } });
}

describe('export and import card', () => {
  it('checks a chosen file with a dry run, shows the report, then imports on confirmation', async () => {
    const api = mockApi({ [importPath]: clean });
    renderWithApp(<TransferCard projectId={project.id} />, { me: meAs('admin') });
    chooseFile(JSON.stringify(document));
    expect(await screen.findByText('Ready to import: 1 new, 0 replaced.')).toBeTruthy();
    expect(api.calls[0]?.body).toEqual({ data: document, mode: 'create_only', dryRun: true });
    fireEvent.click(screen.getByTestId('import-confirm'));
    expect(await screen.findByText('Imported: 1 new, 0 replaced.')).toBeTruthy();
    expect(api.calls[1]?.body).toEqual({ data: document, mode: 'create_only', dryRun: false });
  });

  it('lists every conflict and error, and does not let the import go ahead', async () => {
    mockApi({
      [importPath]: {
        body: {
          dryRun: true,
          created: [],
          updated: [],
          conflicts: [{ kind: 'segment', key: 'dutch', path: 'segments.0.key', reason: 'Already here' }],
          errors: [{ kind: 'flag', key: 'b', path: 'flags.1', reason: 'These prerequisites make a cycle: b → a → b' }],
        },
      },
    });
    renderWithApp(<TransferCard projectId={project.id} />, { me: meAs('admin') });
    chooseFile(JSON.stringify(document));
    expect(await screen.findByText('Nothing can be imported: 1 conflict(s), 1 error(s).')).toBeTruthy();
    expect(screen.getByText('These prerequisites make a cycle: b → a → b')).toBeTruthy();
    expect(screen.getByText('Already here')).toBeTruthy();
    expect((screen.getByTestId('import-confirm') as HTMLButtonElement).disabled).toBe(true);
  });

  it('says when a file is not JSON, and sends nothing', async () => {
    const api = mockApi({ [importPath]: clean });
    renderWithApp(<TransferCard projectId={project.id} />, { me: meAs('admin') });
    chooseFile('{ not json');
    expect(await screen.findByText('This file is not JSON.')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('offers editors the export only', async () => {
    renderWithApp(<TransferCard projectId={project.id} />, { me: meAs('editor') });
    await waitFor(() => expect(screen.getByTestId('export-project')).toBeTruthy());
    expect(screen.queryByTestId('import-choose')).toBeNull();
  });
});
