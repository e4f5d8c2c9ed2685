import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clientKey, meAs, project } from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render';
import { integrationStatus } from './integration-status';
import { SnippetGenerator } from './snippet-generator';

const code = () => screen.getByTestId('snippet-code').textContent ?? '';

describe('SDK snippet generator', () => {
  it.each(['abc', 'mg'] as const)(
    'starts with automatic poll on and automatic exposure off, for the %s family',
    (family) => {
      renderWithApp(
        <SnippetGenerator
          projectId={project.id}
          clientKeys={[clientKey]}
          origin="https://t.example"
          family={family}
          createKeyLink=""
        />,
        { me: meAs('viewer') },
      );
      expect(screen.getByTestId('snippet-family').textContent).toBe('Other families (ABC, mini-games)');
      expect(code()).toContain(`src="https://t.example/sdk/tabula@1.0.7.js?key=${clientKey.key}"`);
      expect(code()).toContain(`data-client-key="${clientKey.key}"`);
      expect(code()).toContain(`data-project-id="${project.id}"`);
      expect(code()).toContain('data-auto-poll="true"');
      expect(code()).toContain('data-auto-exposure="false"');
    },
  );

  it('uses the tab family’s form and SDK version when the edition is a tab edition', async () => {
    renderWithApp(
      <SnippetGenerator
        projectId={project.id}
        clientKeys={[clientKey]}
        origin="https://t.example"
        family="tab"
        createKeyLink=""
      />,
      { me: meAs('viewer') },
    );
    expect(screen.getByTestId('snippet-family').textContent).toBe('Tab');
    expect(code()).toContain('tabula@3.0.5.js');
    expect(code()).toContain(`data-app-id="${project.id}"`);
    fireEvent.change(screen.getByTestId('snippet-unit-id'), { target: { value: 'user-7' } });
    await waitFor(() => expect(code()).toContain('data-user-id="user-7"'));
  });

  it('shows the {key} placeholder and a way to create a key when the project has none', () => {
    renderWithApp(
      <SnippetGenerator
        projectId={project.id}
        clientKeys={[]}
        origin="https://t.example"
        family="abc"
        createKeyLink="create it"
      />,
      { me: meAs('viewer') },
    );
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
