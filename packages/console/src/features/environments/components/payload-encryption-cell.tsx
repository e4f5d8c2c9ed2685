import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import type { Environment } from '@tabula/protocol';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { KeyText } from '../../../components/key-text';
import { useCan } from '../../../lib/authorization';
import { PayloadEncryptionSwitch } from './payload-encryption-switch';
import { RotatePayloadKeyButton } from './rotate-payload-key-button';

interface PayloadEncryptionCellProps {
  projectId: string;
  environment: Environment;
}

/** Whether an environment's SDK payload is encrypted and, while it is, the key pages decrypt it with. */
export function PayloadEncryptionCell({ projectId, environment }: PayloadEncryptionCellProps) {
  const { t } = useTranslation('projects');
  const canWrite = useCan('environment:write');
  const { payloadKey } = environment;

  return (
    <Flex vertical gap={4} align="flex-start" data-testid={`encryption-${environment.key}`}>
      <Flex gap={8} align="center">
        {canWrite && <PayloadEncryptionSwitch projectId={projectId} environment={environment} />}
        <Typography.Text type={payloadKey ? undefined : 'secondary'}>
          {payloadKey ? <LockOutlined /> : <UnlockOutlined />}{' '}
          {payloadKey ? t('environments.encryption.on') : t('environments.encryption.off')}
        </Typography.Text>
        {payloadKey && canWrite && <RotatePayloadKeyButton projectId={projectId} environment={environment} />}
      </Flex>
      {payloadKey && (
        <Flex gap={8} align="center" wrap>
          <Typography.Text type="secondary">{t('environments.encryption.key')}</Typography.Text>
          <KeyText value={payloadKey} testId={`payload-key-${environment.key}`} />
        </Flex>
      )}
    </Flex>
  );
}
