import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envTagCookie, readEnvTagCookie } from '../../../lib/platform/devtool';
import { readPlatform, usePlatformStore } from '../../../lib/platform/platform';
import { meAs } from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render';
import { isDevtoolShortcut } from '../hooks/use-devtool-shortcut';
import { DevtoolEntry } from './devtool-entry';
import { DevtoolPanel } from './devtool-panel';

const pageOn = (environment: string) => {
  const values: Record<string, string> = {
    'x-api-host': 'https://api-test.example',
    'x-platform': 'gcp',
    'x-env': environment,
    'x-api-host-test': 'https://api-test.example',
    'x-api-host-prod': 'https://api.example',
    'x-api-host-sg-prod': 'https://api-sg.example',
  };
  return readPlatform((name) => values[name], { origin: 'https://console.example', cookies: '' }).platform;
};
const pressShortcut = () => fireEvent.keyDown(window, { key: 'D', code: 'KeyD', altKey: true, shiftKey: true });

afterEach(() => {
  usePlatformStore.setState(pageOn('prod'), true);
  // biome-ignore lint/suspicious/noDocumentCookie: the developer-tool cookie lives in document.cookie
  document.cookie = envTagCookie(null);
});

describe('developer tool', () => {
  it('writes the chosen tag to its cookie and starts the console over', () => {
    const reload = vi.fn();
    renderWithApp(<DevtoolPanel platform={pageOn('test')} open onClose={() => {}} reload={reload} />);
    expect(screen.getByText('https://api-sg.example')).toBeTruthy();
    fireEvent.click(screen.getByTestId('devtool-tag-sg/prod'));
    fireEvent.click(screen.getByTestId('devtool-apply'));
    expect(readEnvTagCookie(document.cookie)).toBe('sg/prod');
    expect(reload).toHaveBeenCalledOnce();

    fireEvent.click(screen.getByTestId('devtool-reset'));
    expect(readEnvTagCookie(document.cookie)).toBeUndefined();
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('is in the header outside production, naming the tag, and opens from it or the shortcut', async () => {
    usePlatformStore.setState(pageOn('local'), true);
    renderWithApp(<DevtoolEntry />, { me: meAs('viewer') });
    expect(screen.getByTestId('devtool-button').textContent).toContain('gcp/test');
    pressShortcut();
    expect(await screen.findByText('Developer tool')).toBeTruthy();
  });

  it('in production has no button, and its shortcut answers with the spec’s error', async () => {
    usePlatformStore.setState(pageOn('prod'), true);
    renderWithApp(<DevtoolEntry />, { me: meAs('viewer') });
    expect(screen.queryByTestId('devtool-button')).toBeNull();
    pressShortcut();
    await waitFor(() => expect(screen.getByText('environment abnormal, cannot use devtool features')).toBeTruthy());
    expect(screen.queryByTestId('devtool-panel')).toBeNull();
  });

  it('answers Alt+Shift+D only', () => {
    const keys = { altKey: true, shiftKey: true, ctrlKey: false, metaKey: false, code: 'KeyD' };
    expect(isDevtoolShortcut(keys)).toBe(true);
    expect(isDevtoolShortcut({ ...keys, ctrlKey: true })).toBe(false);
    expect(isDevtoolShortcut({ ...keys, shiftKey: false })).toBe(false);
    expect(isDevtoolShortcut({ ...keys, code: 'KeyE' })).toBe(false);
  });
});
