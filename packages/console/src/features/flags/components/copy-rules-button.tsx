import { CopyOutlined } from '@ant-design/icons';
import type { Flag } from '@tabula/protocol';
import { App, Button, type ButtonProps, Dropdown, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { isDiverted } from '../../../lib/diverted-change';
import { useErrorToast } from '../../../lib/use-error-toast';
import { useCopyFlagRules } from '../api/copy-flag-rules';

interface CopyRulesButtonProps {
  projectId: string;
  flag: Flag;
  from: { key: string; name: string };
  environments: { key: string; name: string }[];
  /** Unsaved edits would not be copied: the server copies what is saved. */
  blocked: boolean;
}

/** Copies this environment's saved rules over another's, after saying what will be replaced. */
export function CopyRulesButton({ projectId, flag, from, environments, blocked }: CopyRulesButtonProps) {
  const { t } = useTranslation('flags');
  const { modal, message } = App.useApp();
  const copy = useCopyFlagRules(projectId);
  const showError = useErrorToast();
  const targets = environments.filter((environment) => environment.key !== from.key);
  const count = flag.environments[from.key]?.rules.length ?? 0;

  const confirm = (to: { key: string; name: string }) =>
    modal.confirm({
      title: t('copy.confirmTitle', { from: from.name, to: to.name }),
      content: t('copy.confirm', {
        count,
        to: to.name,
        replaced: flag.environments[to.key]?.rules.length ?? 0,
      }),
      okText: t('copy.submit'),
      cancelText: t('common:actions.cancel'),
      okButtonProps: { 'data-testid': 'copy-rules-confirm' } as ButtonProps,
      onOk: () =>
        copy
          .mutateAsync({ flagKey: flag.key, from: from.key, environment: to.key })
          .then((result) => isDiverted(result) || message.success(t('copy.done', { to: to.name })))
          .catch(showError),
    });

  const button = (
    <Button
      icon={<CopyOutlined />}
      disabled={blocked || targets.length === 0}
      loading={copy.isPending}
      data-testid={`copy-rules-${from.key}`}
    >
      {t('copy.button')}
    </Button>
  );
  if (blocked) return <Tooltip title={t('copy.saveFirst')}>{button}</Tooltip>;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: targets.map((target) => ({ key: target.key, label: target.name, onClick: () => confirm(target) })),
      }}
    >
      {button}
    </Dropdown>
  );
}
