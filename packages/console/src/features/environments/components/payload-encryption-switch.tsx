import type { Environment } from '@tabula/protocol';
import { App, Popconfirm, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '../../../lib/use-error-toast';
import { useUpdateEnvironment } from '../api/update-environment';
import { CONFIRM_STYLES } from './confirm-styles';

interface PayloadEncryptionSwitchProps {
  projectId: string;
  environment: Environment;
}

/**
 * Turns the encryption of an environment's SDK payload on or off, once the admin has read what that does to pages.
 * The confirmation closes at once and the switch shows the wait: its text would flip with the refreshed environment.
 */
export function PayloadEncryptionSwitch({ projectId, environment }: PayloadEncryptionSwitchProps) {
  const { t } = useTranslation('projects');
  const { message } = App.useApp();
  const showError = useErrorToast();
  const update = useUpdateEnvironment(projectId);
  const encrypted = environment.payloadKey !== null;
  const change = encrypted ? 'disable' : 'enable';
  const apply = () =>
    update
      .mutateAsync({ key: environment.key, encryptPayload: !encrypted })
      .then(() => message.success(t(`environments.encryption.${change}d`, { name: environment.name })))
      .catch(showError);

  return (
    <Popconfirm
      title={t(`environments.encryption.${change}Title`, { name: environment.name })}
      description={t(`environments.encryption.${change}Description`)}
      okText={t(`environments.encryption.${change}`)}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ danger: encrypted, 'data-testid': 'encryption-confirm' }}
      styles={CONFIRM_STYLES}
      onConfirm={() => void apply()}
    >
      <Switch
        checked={encrypted}
        loading={update.isPending}
        aria-label={t('environments.encryption.switchNamed', { name: environment.name })}
        data-testid={`encryption-switch-${environment.key}`}
      />
    </Popconfirm>
  );
}
