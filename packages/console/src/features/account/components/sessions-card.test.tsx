import type { SessionInfo } from '@tabula/protocol';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { meAs } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/mock-api';
import { renderWithApp } from '../../../testing/render';
import { SessionsCard } from './sessions-card';

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

const laptop: SessionInfo = {
  id: 'sesLaptop2345678',
  createdAt: hoursAgo(50),
  lastSeenAt: hoursAgo(0.01),
  expiresAt: inDays(14),
  userAgent:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  ip: '203.0.113.7',
  current: true,
};
const phone: SessionInfo = {
  id: 'sesPhone23456789',
  createdAt: hoursAgo(200),
  lastSeenAt: hoursAgo(3),
  expiresAt: inDays(10),
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  ip: '198.51.100.20',
  current: false,
};
const script: SessionInfo = { ...phone, id: 'sesScript2345678', userAgent: null, ip: null, lastSeenAt: hoursAgo(30) };

describe('signed-in browsers', () => {
  it('lists each browser by name, address and times, this one first and marked', async () => {
    mockApi({ 'GET /api/v1/auth/sessions': { body: [script, phone, laptop] } });
    renderWithApp(<SessionsCard onSignedOutEverywhere={vi.fn()} />, { me: meAs('editor') });

    const current = await screen.findByTestId(`session-${laptop.id}`);
    const rows = screen.getByTestId('sessions-list').querySelectorAll('li');
    expect([...rows].map((row) => row.dataset.testid)).toEqual([
      `session-${laptop.id}`,
      `session-${phone.id}`,
      `session-${script.id}`,
    ]);
    expect(current.textContent).toContain('Chrome 131 on macOS');
    expect(current.textContent).toContain('203.0.113.7');
    expect(within(current).getByTestId('this-browser').textContent).toBe('This browser');
    expect(within(current).queryByRole('button')).toBeNull();

    const other = screen.getByTestId(`session-${phone.id}`);
    expect(other.textContent).toContain('Safari 18 on iOS');
    expect(other.textContent).toContain('3 hours ago');
    expect(within(other).queryByTestId('this-browser')).toBeNull();
    expect(screen.getByTestId(`session-${script.id}`).textContent).toContain('Unknown browser');
  });

  it('signs one other browser out', async () => {
    const { calls } = mockApi({
      'GET /api/v1/auth/sessions': { body: [laptop, phone] },
      [`DELETE /api/v1/auth/sessions/${phone.id}`]: { status: 204 },
    });
    renderWithApp(<SessionsCard onSignedOutEverywhere={vi.fn()} />, { me: meAs('editor') });

    fireEvent.click(await screen.findByTestId(`sign-out-session-${phone.id}`));

    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    expect(calls.find((call) => call.method === 'DELETE')?.path).toBe(`/api/v1/auth/sessions/${phone.id}`);
    // The list is asked for again, without the browser just signed out.
    await waitFor(() => expect(calls.filter((call) => call.method === 'GET')).toHaveLength(2));
  });

  it('signs out everywhere after a confirmation, this browser included', async () => {
    const { calls } = mockApi({
      'GET /api/v1/auth/sessions': { body: [laptop, phone] },
      'DELETE /api/v1/auth/sessions': { status: 204 },
    });
    const onSignedOut = vi.fn();
    const { queryClient } = renderWithApp(<SessionsCard onSignedOutEverywhere={onSignedOut} />, {
      me: meAs('editor'),
    });

    fireEvent.click(await screen.findByTestId('sign-out-everywhere'));
    expect(await screen.findByText('Sign out of every browser, this one included?')).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByTestId('sign-out-everywhere-confirm'));

    await waitFor(() => expect(onSignedOut).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'DELETE')?.path).toBe('/api/v1/auth/sessions');
    expect(queryClient.getQueryData(queryKeys.me)).toBeNull();
  });
});
