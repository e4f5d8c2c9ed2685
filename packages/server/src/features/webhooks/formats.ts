import type { WebhookFormat } from '@tabula/protocol';
import type { WebhookEventBody } from './types';

const TITLES: Record<string, string> = {
  'flag.changed': 'Flag changed',
  'experiment.started': 'Experiment started',
  'experiment.stopped': 'Experiment stopped',
  'experiment.srm_detected': 'Sample ratio mismatch detected',
  'experiment.alert_raised': 'Experiment alert raised',
  'change_request.review_requested': 'Change request needs review',
  'change_request.approved': 'Change request approved',
  'scheduled_change.ran': 'Scheduled change ran',
  'scheduled_change.failed': 'Scheduled change failed',
  'payload.revised': 'SDK payload revised',
  'webhook.test': 'Test delivery',
};

const keyOf = (snapshot: unknown): string | null => {
  const key = (snapshot as { key?: unknown } | null)?.key;
  return typeof key === 'string' ? key : null;
};

/** What the event is about in a few words: the flag's or experiment's key, or the environment of a payload. */
function subjectOf(body: WebhookEventBody): string | null {
  const { data } = body;
  const key = keyOf(data.after) ?? keyOf(data.before) ?? (typeof data.key === 'string' ? data.key : null);
  if (key) return key;
  if (typeof data.environment === 'string') return data.environment;
  return typeof data.entityId === 'string' ? data.entityId : null;
}

/** What an alert says with its figures, kept in the audited change it was announced with. */
const summaryOf = (body: WebhookEventBody): string | null => {
  const summary = (body.data.after as { summary?: unknown } | null | undefined)?.summary;
  return typeof summary === 'string' ? summary : null;
};

/** One line for chat tools, in English: Slack and Teams show it as is. */
export function eventSentence(body: WebhookEventBody): string {
  const title = TITLES[body.type] ?? body.type;
  const subject = subjectOf(body);
  const action = typeof body.data.action === 'string' ? ` (${body.data.action})` : '';
  const by = body.actor?.name ? ` by ${body.actor.name}` : '';
  const summary = summaryOf(body);
  return `${title}${subject ? `: ${subject}` : ''}${action} in project ${body.project.name}${by}${summary ? `. ${summary}` : ''}`;
}

/**
 * The body sent for a format. `json` is the event itself; `slack` is a message Slack's incoming webhooks accept;
 * `teams` is the `message` with an Adaptive Card that Teams' Workflows webhooks accept (the Office 365 connectors'
 * MessageCard went away with those connectors). Every format carries the same signature headers.
 */
export function renderBody(format: WebhookFormat, body: WebhookEventBody): unknown {
  if (format === 'json') {
    // The outbox's jsonb column keeps keys in its own order; receivers read the documented one.
    const { version, id, type, occurredAt, project, actor, data } = body;
    return { version, id, type, occurredAt, project, actor, data };
  }
  const text = eventSentence(body);
  const facts = [
    { title: 'Event', value: body.type },
    { title: 'Project', value: body.project.name },
    { title: 'Delivery', value: body.id },
  ];
  if (format === 'slack') {
    return {
      text,
      blocks: [
        { type: 'section', text: { type: 'mrkdwn', text } },
        {
          type: 'context',
          elements: facts.map((fact) => ({ type: 'mrkdwn', text: `*${fact.title}:* ${fact.value}` })),
        },
      ],
    };
  }
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            { type: 'TextBlock', text, wrap: true, weight: 'Bolder' },
            { type: 'FactSet', facts },
          ],
        },
      },
    ],
  };
}
