import { Button, Card, Empty, List, Popconfirm, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useUser } from '../../../lib/auth';
import { roleAtLeast } from '../../../lib/authorization';
import { useHoldouts } from '../api/get-holdouts';
import { useStopHoldout } from '../api/save-holdout';
import { HoldoutForm, type HoldoutFormProps } from './holdout-form';

interface HoldoutCardProps extends Omit<HoldoutFormProps, 'holdout'> {
  /** Where a holdout's report (its experiment's results) is. */
  reportPath: (key: string) => string;
}

/** The project's running holdout to edit or stop (or the form to start one), and the holdouts it ran before. */
export function HoldoutCard({ reportPath, ...formProps }: HoldoutCardProps) {
  const { t } = useTranslation('projects');
  const holdouts = useHoldouts(formProps.projectId);
  const stop = useStopHoldout(formProps.projectId);
  const canEdit = roleAtLeast(useUser().role, 'editor');

  if (holdouts.isPending) return <Skeleton active />;
  if (holdouts.isError) return <ServerErrorAlert error={holdouts.error} />;
  const running = holdouts.data.find((holdout) => holdout.status === 'running');
  const report = (key: string) => (
    <Link to={reportPath(key)} data-testid={`holdout-report-${key}`}>
      {t('holdout.report')}
    </Link>
  );

  return (
    <Card title={t('holdout.title')} data-testid="holdout-card">
      <Typography.Paragraph type="secondary">{t('holdout.description')}</Typography.Paragraph>
      <ServerErrorAlert error={stop.error} />
      {running && (
        <Typography.Paragraph>
          <Tag color="green">{t('holdout.running', { percent: running.percent / 100 })}</Tag> {report(running.key)}
        </Typography.Paragraph>
      )}
      {canEdit ? (
        <HoldoutForm key={running?.key ?? 'new'} holdout={running} {...formProps} />
      ) : (
        !running && <Empty description={t('holdout.none')} />
      )}
      {running && canEdit && (
        <Popconfirm title={t('holdout.stopConfirm')} onConfirm={() => stop.mutateAsync(running.key)}>
          <Button danger style={{ marginTop: 16 }} loading={stop.isPending} data-testid="holdout-stop">
            {t('holdout.stop')}
          </Button>
        </Popconfirm>
      )}
      {holdouts.data.some((holdout) => holdout.status === 'stopped') && (
        <List
          header={t('holdout.past')}
          dataSource={holdouts.data.filter((holdout) => holdout.status === 'stopped')}
          renderItem={(holdout) => (
            <List.Item extra={report(holdout.key)}>
              {holdout.name} ({holdout.key}, {holdout.percent / 100} %)
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
