import type { WebhookDelivery } from '@tabula/protocol';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { deliveryErrorText } from '../utils/delivery-error-text';

/** Why a delivery's last attempt failed, in the reader's language, quoting the receiver's own words beneath. */
export function DeliveryError({ delivery }: { delivery: WebhookDelivery }) {
  const { t } = useTranslation('webhooks');
  const text = deliveryErrorText(delivery);
  return (
    <Flex vertical gap={4} data-testid={`delivery-error-${delivery.id}`}>
      <span>{text ? t(text.key, text.values) : delivery.error}</span>
      {text?.quote && <code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{text.quote}</code>}
    </Flex>
  );
}
