import { SyncOutlined } from '@ant-design/icons';
import type { Environment } from '@tabula/protocol';
import { App, Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '../../../lib/use-error-toast';
import { useRotatePayloadKey } from '../api/rotate-payload-key';
import { CONFIRM_STYLES } from './confirm-styles';

interface RotatePayloadKeyButtonProps {
  projectId: string;
  environment: Environment;
}

/** Replaces an environment's decryption key, after warning that pages with the old one stop getting changes. */
export function RotatePayloadKeyButton({ projectId, environment }: RotatePayloadKeyButtonProps) {
  const { t } = useTranslation('projects');
  const { message } = App.useApp();
  const showError = useErrorToast();
  const rotate = useRotatePayloadKey(projectId);
  const apply = () =>
    rotate
      .mutateAsync(environment.key)
      .then(() => message.success(t('environments.encryption.rotated', { name: environment.name })))
      .catch(showError);

  return (
    <Popconfirm
      title={t('environments.encryption.rotateConfirm', { name: environment.name })}
      description={t('environments.encryption.rotateDescription')}
      okText={t('environments.encryption.rotate')}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ danger: true, 'data-testid': 'rotate-confirm' }}
      styles={CONFIRM_STYLES}
      onConfirm={() => void apply()}
    >
      <Button
        size="small"
        icon={<SyncOutlined />}
        loading={rotate.isPending}
        aria-label={t('environments.encryption.rotateNamed', { name: environment.name })}
        data-testid={`rotate-payload-key-${environment.key}`}
      >
        {t('environments.encryption.rotate')}
      </Button>
    </Popconfirm>
  );
}
