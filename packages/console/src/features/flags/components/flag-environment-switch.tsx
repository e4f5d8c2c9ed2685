import { App as AntdApp, Badge, type ButtonProps, Switch, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { requiresApproval, useCan, useCanChangeEnvironment } from '../../../lib/authorization';
import { isDiverted } from '../../../lib/diverted-change';
import { useErrorToast } from '../../../lib/use-error-toast';
import { useUpdateFlagEnvironment } from '../api/update-flag-environment';

interface FlagEnvironmentSwitchProps {
  projectId: string;
  flagKey: string;
  environment: { key: string; name: string; protected: boolean; requiredApprovals?: number };
  enabled: boolean;
  size?: 'small' | 'default';
}

/**
 * The kill switch of a flag in one environment: one click turns it on or off, after a confirmation where real
 * users are affected. Viewers see the state only.
 */
export function FlagEnvironmentSwitch({ projectId, flagKey, environment, enabled, size }: FlagEnvironmentSwitchProps) {
  const { t } = useTranslation('flags');
  const { modal, message } = AntdApp.useApp();
  const canWrite = useCan('flag:write');
  const canChange = useCanChangeEnvironment(environment);
  const update = useUpdateFlagEnvironment(projectId);
  const showError = useErrorToast();
  const testId = `flag-switch-${flagKey}-${environment.key}`;

  if (!canWrite) {
    return (
      <Badge
        status={enabled ? 'success' : 'default'}
        text={enabled ? t('switch.on') : t('switch.off')}
        data-testid={testId}
      />
    );
  }

  const apply = (next: boolean) =>
    update
      .mutateAsync({ flagKey, environment: environment.key, body: { enabled: next } })
      .then(
        (result) =>
          isDiverted(result) ||
          message.success(t(next ? 'switch.turnedOn' : 'switch.turnedOff', { environment: environment.name })),
      )
      .catch(showError);

  const toggle = (next: boolean) => {
    if (!environment.protected) return void apply(next);
    modal.confirm({
      title: t(next ? 'switch.confirmOnTitle' : 'switch.confirmOffTitle', {
        flag: flagKey,
        environment: environment.name,
      }),
      // Where approvals are required the switch asks for the change rather than making it.
      content: requiresApproval(environment)
        ? t('switch.confirmApproval', { environment: environment.name })
        : t(next ? 'switch.confirmOn' : 'switch.confirmOff'),
      okText: t(next ? 'switch.turnOn' : 'switch.turnOff'),
      okButtonProps: { danger: !next, 'data-testid': 'flag-switch-confirm' } as ButtonProps,
      cancelText: t('common:actions.cancel'),
      onOk: () => apply(next),
    });
  };

  const control = (
    <Switch
      size={size}
      checked={enabled}
      disabled={!canChange}
      loading={update.isPending}
      onChange={toggle}
      aria-label={t('switch.label', { environment: environment.name })}
      checkedChildren={size === 'small' ? undefined : t('switch.on')}
      unCheckedChildren={size === 'small' ? undefined : t('switch.off')}
      data-testid={testId}
    />
  );
  if (canChange) return control;
  return <Tooltip title={t('switch.protected', { environment: environment.name })}>{control}</Tooltip>;
}
