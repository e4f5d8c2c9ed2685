import { WEBHOOK_ALLOW_PRIVATE_SETTING, WEBHOOK_DELIVERY_ERROR_CODES, type WebhookDelivery } from '@tabula/protocol';

export interface DeliveryErrorText {
  key: string;
  values: Record<string, string | number | undefined>;
  /** The receiver's answer or the network's error as it came: shown as data, never translated. */
  quote: string | null;
}

/**
 * The translation key and figures of why a delivery's last attempt failed; null when it has no code this console
 * knows (delivered, failed before attempts recorded one, or a code of a newer server), for the server's English to
 * stand.
 */
export function deliveryErrorText({
  errorCode,
  errorParams,
}: Pick<WebhookDelivery, 'errorCode' | 'errorParams'>): DeliveryErrorText | null {
  const known = (WEBHOOK_DELIVERY_ERROR_CODES as readonly (string | null)[]).includes(errorCode);
  if (!known || errorParams === null) return null;
  const { detail, ...figures } = errorParams;
  // A URL naming the address itself is refused by its host; a name, by the address it resolved to.
  const resolved = errorCode === 'private_address' && figures.host !== figures.address;
  return {
    key: `deliveries.errors.${errorCode}${resolved ? '_resolved' : ''}`,
    values: { ...figures, setting: WEBHOOK_ALLOW_PRIVATE_SETTING },
    quote: detail || null,
  };
}
