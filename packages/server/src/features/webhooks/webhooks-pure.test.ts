import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BACKOFF, nextAttemptAt, RETRY_WINDOW_MS } from './backoff';
import { webhookEventOfAudit } from './event-types';
import { answeredFailure, failureSentence, SECRET_UNREADABLE, thrownFailure, timeoutFailure } from './failure';
import { eventSentence, renderBody } from './formats';
import { isPrivateAddress, PrivateAddressError, privateHostOf } from './private-address';
import { signWebhook, verifyWebhook } from './signature';
import type { WebhookEventBody } from './types';

describe('webhook event of an audit action', () => {
  it('maps every change of a flag to flag.changed', () => {
    for (const action of [
      'flag.created',
      'flag.updated',
      'flag.environment_updated',
      'flag.archived',
      'flag.deleted',
    ]) {
      expect(webhookEventOfAudit(action), action).toBe('flag.changed');
    }
  });

  it('maps lifecycle actions, including those of features still to come', () => {
    expect(webhookEventOfAudit('experiment.started')).toBe('experiment.started');
    expect(webhookEventOfAudit('experiment.stopped')).toBe('experiment.stopped');
    expect(webhookEventOfAudit('change_request.submitted')).toBe('change_request.review_requested');
    expect(webhookEventOfAudit('change_request.approved')).toBe('change_request.approved');
    expect(webhookEventOfAudit('scheduled_change.ran')).toBe('scheduled_change.ran');
    expect(webhookEventOfAudit('scheduled_change.failed')).toBe('scheduled_change.failed');
  });

  it('announces nothing else', () => {
    for (const action of [
      'experiment.paused',
      'experiment.created',
      'project.updated',
      'webhook.created',
      'flags',
      '',
    ]) {
      expect(webhookEventOfAudit(action), action).toBeNull();
    }
  });
});

describe('webhook signature', () => {
  const secret = 'whsec_test';
  const body = '{"version":1,"id":"abc"}';

  it('is the hex HMAC-SHA256 of "<timestamp>.<body>" as documented', () => {
    const expected = createHmac('sha256', secret).update(`1700000000.${body}`).digest('hex');
    expect(signWebhook(secret, 1_700_000_000, body)).toBe(`v1=${expected}`);
  });

  it('verifies only the same secret, timestamp and body', () => {
    const signature = signWebhook(secret, 1_700_000_000, body);
    expect(verifyWebhook(secret, 1_700_000_000, body, signature)).toBe(true);
    expect(verifyWebhook('whsec_other', 1_700_000_000, body, signature)).toBe(false);
    expect(verifyWebhook(secret, 1_700_000_001, body, signature)).toBe(false);
    expect(verifyWebhook(secret, 1_700_000_000, `${body} `, signature)).toBe(false);
    expect(verifyWebhook(secret, 1_700_000_000, body, 'v1=short')).toBe(false);
  });
});

describe('retry schedule', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  const until = new Date(now.getTime() + RETRY_WINDOW_MS);
  const delay = (attempts: number, random: number) =>
    nextAttemptAt(DEFAULT_BACKOFF, attempts, now, until, () => random)!.getTime() - now.getTime();

  it('doubles from 10 s, between half and all of each step', () => {
    expect([1, 2, 3, 4].map((attempts) => delay(attempts, 1))).toEqual([10_000, 20_000, 40_000, 80_000]);
    expect(delay(1, 0)).toBe(5_000);
    expect(delay(3, 0.5)).toBe(30_000);
  });

  it('waits an hour at most between attempts', () => {
    expect(delay(20, 1)).toBe(60 * 60 * 1000);
    expect(delay(1000, 1)).toBe(60 * 60 * 1000);
  });

  it('gives up when the next attempt would fall past the retry window', () => {
    const late = new Date(until.getTime() - 1000);
    expect(nextAttemptAt(DEFAULT_BACKOFF, 1, late, until, () => 1)).toBeNull();
    expect(nextAttemptAt(DEFAULT_BACKOFF, 1, late, until, () => 0)).toBeNull();
  });

  it('tries about 30 times over the 24 hours', () => {
    let at = now;
    let attempts = 1;
    for (;;) {
      const next = nextAttemptAt(DEFAULT_BACKOFF, attempts, at, until, () => 1);
      if (!next) break;
      at = next;
      attempts += 1;
    }
    expect(attempts).toBeGreaterThan(20);
    expect(attempts).toBeLessThan(40);
  });
});

describe('message formats', () => {
  const body: WebhookEventBody = {
    version: 1,
    id: 'delivery-1',
    type: 'flag.changed',
    occurredAt: '2026-01-01T00:00:00.000Z',
    project: { id: 'p1', name: 'Shop' },
    actor: { kind: 'user', id: 'u1', name: 'Ada' },
    data: { action: 'flag.updated', before: { key: 'new-checkout' }, after: { key: 'new-checkout' } },
  };

  it('sends the event itself as json, its keys in the documented order', () => {
    const { version, id, type, occurredAt, project, actor, data } = body;
    const stored = { data, actor, project, occurredAt, type, id, version };
    const json = renderBody('json', stored);
    expect(json).toEqual(body);
    expect(Object.keys(json as object)).toEqual(['version', 'id', 'type', 'occurredAt', 'project', 'actor', 'data']);
  });

  it('says what happened in one English line', () => {
    expect(eventSentence(body)).toBe('Flag changed: new-checkout (flag.updated) in project Shop by Ada');
    expect(eventSentence({ ...body, type: 'payload.revised', actor: null, data: { environment: 'production' } })).toBe(
      'SDK payload revised: production in project Shop',
    );
    expect(eventSentence({ ...body, type: 'some.future', data: {} })).toBe('some.future in project Shop by Ada');
  });

  it('quotes an alert with its figures, for Slack and Teams alike', () => {
    const summary = 'Version "b" has no units while the experiment has 120';
    const alert: WebhookEventBody = {
      ...body,
      type: 'experiment.alert_raised',
      actor: { kind: 'system', id: null, name: null },
      data: { action: 'experiment.alert_raised', before: null, after: { key: 'checkout', summary } },
    };
    expect(eventSentence(alert)).toBe(
      `Experiment alert raised: checkout (experiment.alert_raised) in project Shop. ${summary}`,
    );
    expect((renderBody('slack', alert) as { text: string }).text).toBe(eventSentence(alert));
  });

  it('builds a Slack message with text and blocks', () => {
    const slack = renderBody('slack', body) as { text: string; blocks: { type: string }[] };
    expect(slack.text).toBe(eventSentence(body));
    expect(slack.blocks.map((block) => block.type)).toEqual(['section', 'context']);
  });

  it('builds a Teams message carrying an Adaptive Card', () => {
    const teams = renderBody('teams', body) as {
      type: string;
      attachments: { contentType: string; content: { type: string; body: { text?: string }[] } }[];
    };
    expect(teams.type).toBe('message');
    expect(teams.attachments[0]!.contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(teams.attachments[0]!.content.type).toBe('AdaptiveCard');
    expect(teams.attachments[0]!.content.body[0]!.text).toBe(eventSentence(body));
  });
});

describe('private addresses', () => {
  it('tells the addresses a webhook must not reach from public ones', () => {
    for (const address of [
      '127.0.0.1',
      '127.255.0.9',
      '10.0.0.1',
      '172.16.5.4',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '64:ff9b::10.0.0.1',
      '[::1]',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of [
      '8.8.8.8',
      '172.32.0.1',
      '192.169.0.1',
      '100.128.0.1',
      '2606:4700::1111',
      '::ffff:8.8.8.8',
      'example.com',
    ]) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });

  it('refuses a URL by its host before any lookup: private addresses and names for this machine', () => {
    expect(privateHostOf(new URL('http://LOCALHOST:8080/x'))).toBe('localhost');
    expect(privateHostOf(new URL('http://app.localhost/x'))).toBe('app.localhost');
    expect(privateHostOf(new URL('http://[::1]/x'))).toBe('::1');
    expect(privateHostOf(new URL('http://2130706433/x'))).toBe('127.0.0.1');
    expect(privateHostOf(new URL('https://hooks.slack.com/services/x'))).toBeNull();
  });
});

describe('delivery failures', () => {
  const errno = (code: string, message: string) => Object.assign(new Error(message), { code });

  it('tells connection errors from others by their code, keeping their text verbatim', () => {
    for (const [code, message] of [
      ['ECONNREFUSED', 'connect ECONNREFUSED 203.0.113.5:443'],
      ['ECONNRESET', 'socket hang up'],
      ['ENOTFOUND', 'getaddrinfo ENOTFOUND hooks.example.invalid'],
      ['EAI_AGAIN', 'getaddrinfo EAI_AGAIN hooks.example.com'],
      ['EHOSTUNREACH', 'connect EHOSTUNREACH 203.0.113.5:443'],
    ]) {
      expect(thrownFailure(errno(code!, message!), 'hooks.example.com'), code).toEqual({
        code: 'connection',
        params: { host: 'hooks.example.com', detail: message },
      });
    }
  });

  it('tells a certificate TLS refused, keeping its text verbatim', () => {
    for (const [code, message] of [
      ['CERT_HAS_EXPIRED', 'certificate has expired'],
      ['DEPTH_ZERO_SELF_SIGNED_CERT', 'self-signed certificate'],
      ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'unable to verify the first certificate'],
      ['ERR_TLS_CERT_ALTNAME_INVALID', "Hostname/IP does not match certificate's altnames"],
    ]) {
      expect(thrownFailure(errno(code!, message!), 'hooks.example.com'), code).toEqual({
        code: 'certificate',
        params: { host: 'hooks.example.com', detail: message },
      });
    }
    expect(thrownFailure(errno('ERR_INVALID_CHAR', 'Invalid character in header'), 'h').code).toBe('other');
  });

  it('names the refused host and address of a private receiver', () => {
    expect(thrownFailure(new PrivateAddressError('intranet.example.com', '10.0.0.7'), 'intranet.example.com')).toEqual({
      code: 'private_address',
      params: { host: 'intranet.example.com', address: '10.0.0.7' },
    });
  });

  it('takes whatever else is thrown as it is', () => {
    expect(thrownFailure(new Error('boom'), 'h')).toEqual({ code: 'other', params: { detail: 'boom' } });
    expect(thrownFailure('a string', 'h')).toEqual({ code: 'other', params: { detail: 'a string' } });
    expect(thrownFailure(null, 'h')).toEqual({ code: 'other', params: { detail: 'null' } });
    expect(thrownFailure({ code: 'ECONNREFUSED' }, 'h')).toEqual({
      code: 'other',
      params: { detail: '[object Object]' },
    });
  });

  it("quotes the start of the receiver's answer, trimmed, and nothing when it said nothing", () => {
    expect(answeredFailure(500, '  oops \n')).toEqual({ code: 'status', params: { status: 500, detail: 'oops' } });
    expect(answeredFailure(404, ' \n ')).toEqual({ code: 'status', params: { status: 404 } });
    expect(answeredFailure(502, 'é'.repeat(400)).params.detail).toBe('é'.repeat(300));
  });

  it('reads in English as the delivery error always has', () => {
    expect(failureSentence(answeredFailure(500, 'oops'))).toBe('The receiver answered 500: oops');
    expect(failureSentence(answeredFailure(301, ''))).toBe('The receiver answered 301');
    expect(failureSentence(timeoutFailure(10_000))).toBe('No answer within 10 s');
    expect(failureSentence(thrownFailure(new PrivateAddressError('10.0.0.7', '10.0.0.7'), '10.0.0.7'))).toBe(
      '10.0.0.7 is on a private network: this server sends webhooks only to public addresses (TABULA_WEBHOOK_ALLOW_PRIVATE)',
    );
    expect(failureSentence(thrownFailure(new PrivateAddressError('intranet.test', '10.0.0.7'), 'intranet.test'))).toBe(
      'intranet.test resolves to 10.0.0.7, which is on a private network: this server sends webhooks only to public addresses (TABULA_WEBHOOK_ALLOW_PRIVATE)',
    );
    expect(failureSentence(thrownFailure(errno('ECONNREFUSED', 'connect ECONNREFUSED 1.2.3.4:80'), 'h'))).toBe(
      'connect ECONNREFUSED 1.2.3.4:80',
    );
    expect(failureSentence(SECRET_UNREADABLE)).toBe('The signing secret could not be read: rotate it');
  });
});
