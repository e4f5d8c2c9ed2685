import type { WebhookEventType } from '@tabula/protocol';

/** The webhook event an audited change announces, or null. */
export function webhookEventOfAudit(action: string): WebhookEventType | null {
  if (action.startsWith('flag.')) return 'flag.changed';
  switch (action) {
    case 'experiment.started':
      return 'experiment.started';
    case 'experiment.stopped':
      return 'experiment.stopped';
    case 'experiment.alert_raised':
      return 'experiment.alert_raised';
    case 'change_request.submitted':
      return 'change_request.review_requested';
    case 'change_request.approved':
      return 'change_request.approved';
    case 'scheduled_change.ran':
      return 'scheduled_change.ran';
    case 'scheduled_change.failed':
      return 'scheduled_change.failed';
    default:
      return null;
  }
}
