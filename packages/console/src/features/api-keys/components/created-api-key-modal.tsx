import type { CreatedApiKey } from '@tabula/protocol';
import { Alert, Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CopyableValue } from '../../../components/copyable-value';
import { DecryptionKeyValue } from './decryption-key-value';

/** The one time a secret key is shown whole; the server keeps only its hash. */
interface CreatedApiKeyModalProps {
  apiKey: CreatedApiKey | null;
  environmentName: (key: string) => string;
  onClose: () => void;
}

export function CreatedApiKeyModal({ apiKey, environmentName, onClose }: CreatedApiKeyModalProps) {
  const { t } = useTranslation('projects');
  const secret = apiKey?.kind === 'secret';
  return (
    <Modal
      open={apiKey !== null}
      title={t('apiKeys.createdTitle')}
      onCancel={onClose}
      mask={{ closable: false }}
      footer={
        <Button type="primary" onClick={onClose} data-testid="created-key-done">
          {t('common:actions.done')}
        </Button>
      }
    >
      {apiKey && (
        <>
          <Typography.Paragraph>
            <Typography.Text strong>{apiKey.name}</Typography.Text> · {t(`apiKeys.kinds.${apiKey.kind}`)} ·{' '}
            {environmentName(apiKey.environment)}
          </Typography.Paragraph>
          <CopyableValue value={apiKey.key} testId="created-key-value" />
          <DecryptionKeyValue apiKey={apiKey} style={{ marginTop: 8 }} />
          <Alert
            style={{ marginTop: 16 }}
            showIcon
            type={secret ? 'warning' : 'info'}
            title={secret ? t('apiKeys.secretWarning') : t('apiKeys.clientNote')}
            data-testid="created-key-note"
          />
        </>
      )}
    </Modal>
  );
}
