import { screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { usePlatformStore } from '../lib/platform/platform';
import { noteServerReachable } from '../lib/server-reachability';
import { mockApi } from '../testing/mock-api';
import { renderWithApp } from '../testing/render';
import { ServerUnreachableBanner } from './server-unreachable-banner';

describe('server unreachable banner', () => {
  it('is absent while requests reach the server', () => {
    mockApi({});
    renderWithApp(<ServerUnreachableBanner />);
    expect(screen.queryByTestId('server-unreachable')).toBeNull();
  });

  it('says once, in the user language, that the server cannot be reached while it stays away', async () => {
    const { fetch } = mockApi({});
    fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    await i18next.changeLanguage('zh-CN');
    noteServerReachable(false);
    renderWithApp(<ServerUnreachableBanner />);
    const banner = await screen.findByTestId('server-unreachable');
    expect(banner.textContent).toContain('无法连接到服务器');
    expect(banner.textContent).not.toContain('Failed to fetch');
    // The probe found nobody either: the banner stays.
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.getByTestId('server-unreachable')).toBeTruthy();
  });

  it('names the configured API host that does not answer', async () => {
    const { fetch } = mockApi({});
    fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    // The developer tool pointed the console at another API host, which its probe asks too.
    const before = usePlatformStore.getState().apiHost;
    usePlatformStore.setState({ apiHost: 'https://api-sg.example.com' });
    try {
      noteServerReachable(false, 'https://api-sg.example.com');
      renderWithApp(<ServerUnreachableBanner />);
      await waitFor(() => expect(fetch).toHaveBeenCalled());
      const banner = await screen.findByTestId('server-unreachable');
      expect(banner.textContent).toContain('Cannot reach the API host https://api-sg.example.com');
    } finally {
      usePlatformStore.setState({ apiHost: before });
    }
  });

  it('goes away once the server answers its probe', async () => {
    const { calls } = mockApi({ 'GET /api/health': { body: { status: 'ok' } } });
    noteServerReachable(false);
    renderWithApp(<ServerUnreachableBanner />);
    expect(screen.getByTestId('server-unreachable')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('server-unreachable')).toBeNull());
    expect(calls.map((call) => call.path)).toContain('/api/health');
  });
});
