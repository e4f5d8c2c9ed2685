import type { WebhookWithSecret } from '@tabula/protocol';
import { Alert, Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CopyableValue } from '../../../components/copyable-value';

/** The one time a signing secret is shown: the server keeps it sealed and never answers with it again. */
export function WebhookSecretModal({ webhook, onClose }: { webhook: WebhookWithSecret | null; onClose: () => void }) {
  const { t } = useTranslation('webhooks');
  return (
    <Modal
      open={webhook !== null}
      title={webhook && t('secret.title', { name: webhook.name })}
      onCancel={onClose}
      mask={{ closable: false }}
      footer={
        <Button type="primary" onClick={onClose} data-testid="webhook-secret-done">
          {t('common:actions.done')}
        </Button>
      }
    >
      {webhook && (
        <>
          <Typography.Paragraph type="secondary">{t('secret.description')}</Typography.Paragraph>
          <CopyableValue value={webhook.secret} testId="webhook-secret-value" />
          <Alert style={{ marginTop: 16 }} showIcon type="warning" title={t('secret.warning')} />
        </>
      )}
    </Modal>
  );
}
