import type { Environment } from '@tabula/protocol';
import { App, Popconfirm, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../lib/authorization';
import { useErrorToast } from '../../../lib/use-error-toast';
import { useUpdateEnvironment } from '../api/update-environment';
import { CONFIRM_STYLES } from './confirm-styles';

interface ProtectionSwitchProps {
  projectId: string;
  environment: Environment;
}

/**
 * Protects an environment, so only admins and the members granted it change what it serves, or lifts that, once
 * the admin has read what it means. Others see the state only.
 */
export function ProtectionSwitch({ projectId, environment }: ProtectionSwitchProps) {
  const { t } = useTranslation('projects');
  const { message } = App.useApp();
  const showError = useErrorToast();
  const canWrite = useCan('environment:write');
  const update = useUpdateEnvironment(projectId);
  const change = environment.protected ? 'unprotect' : 'protect';

  if (!canWrite) {
    return environment.protected ? <Tag color="red">{t('environments.protection.protected')}</Tag> : null;
  }
  const apply = () =>
    update
      .mutateAsync({ key: environment.key, protected: !environment.protected })
      .then(() => message.success(t(`environments.protection.${change}edToast`, { name: environment.name })))
      .catch(showError);

  return (
    <Popconfirm
      title={t(`environments.protection.${change}Title`, { name: environment.name })}
      description={t(`environments.protection.${change}Description`)}
      okText={t(`environments.protection.${change}`)}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ danger: environment.protected, 'data-testid': 'protection-confirm' }}
      styles={CONFIRM_STYLES}
      onConfirm={() => void apply()}
    >
      <Switch
        checked={environment.protected}
        loading={update.isPending}
        aria-label={t('environments.protection.switchNamed', { name: environment.name })}
        data-testid={`protection-switch-${environment.key}`}
      />
    </Popconfirm>
  );
}
