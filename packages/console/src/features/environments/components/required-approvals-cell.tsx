import { InfoCircleOutlined } from '@ant-design/icons';
import { type Environment, MAX_REQUIRED_APPROVALS } from '@tabula/protocol';
import { App, Flex, Select, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../lib/authorization';
import { useErrorToast } from '../../../lib/use-error-toast';
import { useUpdateEnvironment } from '../api/update-environment';

interface RequiredApprovalsCellProps {
  projectId: string;
  environment: Environment;
}

const CHOICES = Array.from({ length: MAX_REQUIRED_APPROVALS + 1 }, (_, count) => count);

/**
 * How many people other than the author approve a change before it reaches a protected environment. Only protected
 * environments take approvals: elsewhere changes apply at once, so the cell stays empty.
 */
export function RequiredApprovalsCell({ projectId, environment }: RequiredApprovalsCellProps) {
  const { t } = useTranslation('projects');
  const { message } = App.useApp();
  const showError = useErrorToast();
  const canWrite = useCan('environment:write');
  const update = useUpdateEnvironment(projectId);
  const testId = `required-approvals-${environment.key}`;

  if (!environment.protected)
    return (
      <Typography.Text type="secondary" data-testid={testId}>
        —
      </Typography.Text>
    );
  if (!canWrite) return <Typography.Text data-testid={testId}>{environment.requiredApprovals}</Typography.Text>;

  const change = (requiredApprovals: number) =>
    update
      .mutateAsync({ key: environment.key, requiredApprovals })
      .then(() =>
        message.success(t('environments.approvals.changed', { name: environment.name, count: requiredApprovals })),
      )
      .catch(showError);

  return (
    <Flex gap={8} align="center">
      <Select
        size="small"
        value={environment.requiredApprovals}
        loading={update.isPending}
        onChange={(value) => void change(value)}
        options={CHOICES.map((count) => ({ value: count, label: String(count) }))}
        style={{ width: 72 }}
        aria-label={t('environments.approvals.selectNamed', { name: environment.name })}
        data-testid={testId}
      />
      <Tooltip title={t('environments.approvals.help')}>
        <InfoCircleOutlined aria-label={t('environments.approvals.helpLabel')} />
      </Tooltip>
    </Flex>
  );
}
