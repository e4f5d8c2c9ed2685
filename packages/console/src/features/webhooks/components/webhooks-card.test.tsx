import type { Webhook, WebhookDelivery } from '@tabula/protocol';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { ids, meAs, project } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/mock-api';
import { renderWithApp } from '../../../testing/render';
import { WebhooksCard } from './webhooks-card';

const base = `/api/v1/projects/${ids.project}/webhooks`;
const hook: Webhook = {
  id: 'whkRxwzz23456789',
  name: 'Release channel',
  url: 'https://hooks.example.com/tabula',
  events: ['flag.changed', 'experiment.started'],
  format: 'slack',
  enabled: true,
  createdAt: '2025-01-15T10:00:00.000Z',
  updatedAt: '2025-01-15T10:00:00.000Z',
};
const delivery: WebhookDelivery = {
  id: 'dvrFaxed23456789',
  webhookId: hook.id,
  eventType: 'flag.changed',
  status: 'failed',
  attempts: 7,
  responseCode: 503,
  durationMs: 42,
  error: 'The receiver answered 503',
  errorCode: 'status',
  errorParams: { status: 503 },
  createdAt: '2025-01-15T10:00:00.000Z',
  nextAttemptAt: null,
  lastAttemptAt: '2025-01-15T11:00:00.000Z',
  deliveredAt: null,
};

describe('webhooks', () => {
  it('adds a webhook and shows its signing secret once', async () => {
    const { calls } = mockApi({
      [`GET ${base}`]: { body: { webhooks: [] } },
      [`POST ${base}`]: { status: 201, body: { ...hook, format: 'json', secret: 'whsec_shownonce' } },
    });
    renderWithApp(<WebhooksCard projectId={project.id} />, { me: meAs('admin') });

    fireEvent.click(await screen.findByTestId('create-webhook-button'));
    fireEvent.change(await screen.findByTestId('webhook-name'), { target: { value: 'Release channel' } });
    fireEvent.change(screen.getByTestId('webhook-url'), { target: { value: 'https://hooks.example.com/tabula' } });
    fireEvent.click(screen.getByText('Experiment started'));
    fireEvent.click(screen.getByTestId('webhook-submit'));

    const secret = await screen.findByTestId('webhook-secret-value');
    expect(secret.textContent).toContain('whsec_shownonce');
    expect(secret.querySelector('.ant-typography-copy')).toBeTruthy();
    expect(screen.getByText('Copy it now. You will not see it again.')).toBeTruthy();
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        name: 'Release channel',
        url: 'https://hooks.example.com/tabula',
        events: ['flag.changed', 'experiment.started'],
        format: 'json',
        enabled: true,
      }),
    );
  });

  it('refuses an address that is not http(s) before sending it', async () => {
    const { calls } = mockApi({ [`GET ${base}`]: { body: { webhooks: [] } } });
    renderWithApp(<WebhooksCard projectId={project.id} />, { me: meAs('owner') });

    fireEvent.click(await screen.findByTestId('create-webhook-button'));
    fireEvent.change(await screen.findByTestId('webhook-name'), { target: { value: 'Files' } });
    fireEvent.change(screen.getByTestId('webhook-url'), { target: { value: 'ftp://files.example.com/' } });
    fireEvent.click(screen.getByTestId('webhook-submit'));

    expect(await screen.findByText('Please input a valid http(s) URL')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('shows the delivery log with status, response and duration, and resends and tests', async () => {
    const { calls } = mockApi({
      [`GET ${base}`]: { body: { webhooks: [hook] } },
      [`GET ${base}/${hook.id}/deliveries`]: { body: { deliveries: [delivery], nextCursor: null } },
      [`POST ${base}/${hook.id}/deliveries/${delivery.id}/resend`]: { body: { ...delivery, status: 'pending' } },
      [`POST ${base}/${hook.id}/test`]: { status: 202, body: { deliveryId: 'dvrTest234567892' } },
    });
    renderWithApp(<WebhooksCard projectId={project.id} />, { me: meAs('admin') });

    const row = (await screen.findByText('Release channel')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Slack message')).toBeTruthy();
    expect(within(row).getByText('Experiment started')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: /expand/i }));

    const log = await screen.findByTestId(`deliveries-${hook.id}`);
    expect(await within(log).findByText('Failed')).toBeTruthy();
    expect(within(log).getByText('503')).toBeTruthy();
    expect(within(log).getByText('42 ms')).toBeTruthy();
    expect(within(log).getByText('Flag changed')).toBeTruthy();

    fireEvent.click(within(log).getByTestId(`resend-${delivery.id}`));
    await waitFor(() =>
      expect(calls.some((call) => call.path.endsWith('/resend') && call.method === 'POST')).toBe(true),
    );

    fireEvent.click(screen.getByTestId(`test-webhook-${hook.id}`));
    await waitFor(() => expect(calls.some((call) => call.path.endsWith('/test') && call.method === 'POST')).toBe(true));
  });

  describe('delivery errors', () => {
    afterEach(() => act(() => i18next.changeLanguage('en')));

    const answered: WebhookDelivery = {
      ...delivery,
      id: 'dvrAnswered23456',
      responseCode: 502,
      error: 'The receiver answered 502: <b>Bad gateway</b> {{status}}',
      errorCode: 'status',
      errorParams: { status: 502, detail: '<b>Bad gateway</b> {{status}}' },
    };
    const refused: WebhookDelivery = {
      ...delivery,
      id: 'dvrRefused234567',
      status: 'pending',
      responseCode: null,
      error: 'connect ECONNREFUSED 203.0.113.5:443',
      errorCode: 'connection',
      errorParams: { host: 'hooks.example.com', detail: 'connect ECONNREFUSED 203.0.113.5:443' },
      nextAttemptAt: '2025-01-15T11:05:00.000Z',
    };
    // Logged before attempts recorded a code: only the server's English is there to show.
    const older: WebhookDelivery = {
      ...delivery,
      id: 'dvrPrior23456789',
      error: 'The receiver answered 500: no code',
      errorCode: null,
      errorParams: null,
    };

    async function openLog() {
      mockApi({
        [`GET ${base}`]: { body: { webhooks: [hook] } },
        [`GET ${base}/${hook.id}/deliveries`]: { body: { deliveries: [answered, refused, older], nextCursor: null } },
      });
      renderWithApp(<WebhooksCard projectId={project.id} />, { me: meAs('admin') });
      const row = (await screen.findByText('Release channel')).closest('tr') as HTMLElement;
      fireEvent.click(within(row).getByRole('button', { name: /expand/i }));
      await screen.findByTestId(`delivery-status-${answered.id}`);
    }
    // Written out beside the status, not in a tooltip: a phone cannot hover.
    const reasonOf = (id: string) => screen.findByTestId(`delivery-error-${id}`);

    it("says why in the reader's language, quoting the receiver's answer as text", async () => {
      await openLog();
      const reason = await reasonOf(answered.id);
      expect(reason.querySelector('span')?.textContent).toBe('The receiver answered 502');
      const quote = reason.querySelector('code');
      expect(quote?.textContent).toBe('<b>Bad gateway</b> {{status}}');
      expect(quote?.querySelector('b')).toBeNull();
      const connection = await reasonOf(refused.id);
      expect(connection.querySelector('span')?.textContent).toBe('The connection to hooks.example.com failed');
      expect(connection.querySelector('code')?.textContent).toBe('connect ECONNREFUSED 203.0.113.5:443');
      // A failed attempt that will be tried again says when, as well as why.
      expect(screen.getByTestId(`delivery-next-${refused.id}`).textContent).toMatch(/^Next attempt /);
      expect(screen.queryByTestId(`delivery-next-${answered.id}`)).toBeNull();

      await act(() => i18next.changeLanguage('ja'));
      expect((await reasonOf(answered.id)).querySelector('span')?.textContent).toBe('受信側が 502 を返しました');
      expect((await reasonOf(refused.id)).querySelector('span')?.textContent).toBe(
        'hooks.example.com との接続に失敗しました',
      );
    });

    it('shows the English of a failure logged without a code, in any language', async () => {
      await openLog();
      await act(() => i18next.changeLanguage('ja'));
      const reason = await reasonOf(older.id);
      expect(reason.textContent).toBe('The receiver answered 500: no code');
      expect(reason.querySelector('code')).toBeNull();
    });
  });

  it('is hidden from editors', async () => {
    mockApi({ [`GET ${base}`]: { body: { webhooks: [hook] } } });
    renderWithApp(<WebhooksCard projectId={project.id} />, { me: meAs('editor') });
    expect(screen.queryByText('Release channel')).toBeNull();
    expect(screen.queryByTestId('create-webhook-button')).toBeNull();
  });
});
