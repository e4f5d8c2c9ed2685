import type { ApiKey, ProductFamily } from '@tabula/protocol';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { clientKey, meAs, project } from '../../../testing/fixtures';
import { unlabelledFields } from '../../../testing/labelled-fields';
import { renderWithApp } from '../../../testing/render';
import { integrationStatus } from './integration-status';
import { SnippetGenerator } from './snippet-generator';

const code = () => screen.getByTestId('snippet-code').textContent ?? '';

const renderGenerator = (clientKeys: ApiKey[], family: ProductFamily, createKeyLink = '') =>
  renderWithApp(
    <SnippetGenerator
      projectId={project.id}
      clientKeys={clientKeys}
      loading={false}
      origin="https://t.example"
      family={family}
      createKeyLink={createKeyLink}
    />,
    { me: meAs('viewer') },
  );

/** The route hands the generator its keys once they load, which may be after people started typing. */
function KeysArriveLater() {
  const [keys, setKeys] = useState<ApiKey[] | null>(null);
  return (
    <>
      <button type="button" onClick={() => setKeys([clientKey])}>
        keys arrive
      </button>
      <SnippetGenerator
        projectId={project.id}
        clientKeys={keys ?? []}
        loading={keys === null}
        origin="https://t.example"
        family="abc"
        createKeyLink=""
      />
    </>
  );
}

describe('SDK snippet generator', () => {
  it.each(['abc', 'mg'] as const)(
    'starts with automatic poll and live updates on and automatic exposure off, for the %s family',
    (family) => {
      renderGenerator([clientKey], family);
      expect(screen.getByTestId('snippet-family').textContent).toBe('Other families (ABC, mini-games)');
      expect(code()).toContain(`src="https://t.example/sdk/tabula@1.0.7.js?key=${clientKey.key}"`);
      expect(code()).toContain(`data-client-key="${clientKey.key}"`);
      expect(code()).toContain(`data-project-id="${project.id}"`);
      expect(code()).toContain('data-auto-poll="true"');
      expect(code()).toContain('data-auto-exposure="false"');
      expect(code()).toContain('data-streaming="true"');
    },
  );

  it.each(['tab', 'abc'] as const)('turns live updates off on request, for the %s family', async (family) => {
    renderGenerator([clientKey], family);
    expect(screen.getByText('Live updates')).toBeTruthy();
    expect(screen.getByTestId('snippet-streaming').getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByTestId('snippet-streaming'));
    await waitFor(() => expect(code()).toContain('data-streaming="false"'));
    fireEvent.click(screen.getByText('JavaScript'));
    expect(code()).toContain('streaming: false,');
  });

  it('uses the tab family’s form and SDK version when the edition is a tab edition', async () => {
    renderGenerator([clientKey], 'tab');
    expect(screen.getByTestId('snippet-family').textContent).toBe('Tab');
    expect(code()).toContain('tabula@3.0.5.js');
    expect(code()).toContain(`data-app-id="${project.id}"`);
    fireEvent.change(screen.getByTestId('snippet-unit-id'), { target: { value: 'user-7' } });
    await waitFor(() => expect(code()).toContain('data-user-id="user-7"'));
  });

  it('keeps what was typed when the client keys arrive after it', async () => {
    renderWithApp(<KeysArriveLater />, { me: meAs('viewer') });
    fireEvent.change(screen.getByTestId('snippet-unit-id'), { target: { value: 'visitor-1' } });
    // No snippet to copy without its key, and no call to create one that may exist.
    expect(screen.getByTestId('snippet-loading')).toBeTruthy();
    expect(screen.queryByTestId('snippet-code')).toBeNull();
    expect(screen.queryByTestId('snippet-copy')).toBeNull();
    expect(screen.queryByText(/client key/i)).toBeNull();
    fireEvent.click(screen.getByText('keys arrive'));
    await waitFor(() => expect(code()).toContain(`data-client-key="${clientKey.key}"`));
    expect(code()).toContain('data-unit-id="visitor-1"');
  });

  it('carries the decryption key of the chosen client key when its environment encrypts the payload', () => {
    const encrypted = { ...clientKey, decryptionKey: 'c2VjcmV0LWtleS1iYXNlNjQ=' };
    renderGenerator([encrypted], 'abc');
    expect(code()).toContain(`data-client-key="${clientKey.key}"\n  data-decryption-key="c2VjcmV0LWtleS1iYXNlNjQ="`);
    expect(screen.getByText(/also carries the decryption key/)).toBeTruthy();
    fireEvent.click(screen.getByText('JavaScript'));
    expect(code()).toContain('decryptionKey: "c2VjcmV0LWtleS1iYXNlNjQ="');
  });

  it('leaves the decryption key out for a payload served in clear', () => {
    renderGenerator([clientKey], 'abc');
    expect(code()).not.toContain('decryption');
    expect(screen.queryByText(/also carries the decryption key/)).toBeNull();
  });

  it('shows the {key} placeholder and a way to create a key when the project has none', () => {
    renderGenerator([], 'abc', 'create it');
    expect(code()).toContain('data-client-key="{key}"');
    expect(screen.getByText('create it')).toBeTruthy();
  });
});

describe('integration status', () => {
  it('checks, then reports configured once a client key has fetched the payload', () => {
    expect(integrationStatus([], true)).toBe('checking');
    expect(integrationStatus([{ ...clientKey, lastUsedAt: null }], false)).toBe('not-configured');
    expect(integrationStatus([{ ...clientKey, lastUsedAt: '2026-11-21T10:00:00.000Z' }], false)).toBe('configured');
  });
});

describe('form labels', () => {
  it('binds every label to its field', () => {
    renderGenerator([clientKey], 'tab');
    expect(unlabelledFields()).toEqual([]);
  });
});
