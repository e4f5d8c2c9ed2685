import type { Experiment } from '@tabula/protocol';
import { Card, Descriptions, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { daysRunning } from '../../utils/days-running';
import { ExperimentKindTag, ExperimentStatusTag } from '../experiment-status-tag';
import { DecisionCard } from './decision-card';

const date = (value: string | null) => (value ? dayjs(value).format('LLL') : '—');

export function ExperimentOverview({ experiment }: { experiment: Experiment }) {
  const { t } = useTranslation('experiments');
  const days = daysRunning(experiment.startedAt, experiment.stoppedAt);
  return (
    <>
      {experiment.decision && <DecisionCard experiment={experiment} />}
      <Card>
        <Descriptions column={{ xs: 1, md: 2 }} data-testid="experiment-overview">
          <Descriptions.Item label={t('overview.status')}>
            <ExperimentStatusTag status={experiment.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('overview.kind')}>
            <ExperimentKindTag kind={experiment.kind} />
          </Descriptions.Item>
          <Descriptions.Item label={t('overview.owner')}>
            {experiment.owner?.name || experiment.owner?.email || '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('overview.key')}>
            <Typography.Text code copyable>
              {experiment.key}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('overview.createdAt')}>{date(experiment.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t('overview.startedAt')}>{date(experiment.startedAt)}</Descriptions.Item>
          <Descriptions.Item label={t('overview.stoppedAt')}>{date(experiment.stoppedAt)}</Descriptions.Item>
          <Descriptions.Item label={t('overview.daysRunning')}>
            <span data-testid="overview-days">{days ?? '—'}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('overview.exposures')}>
            <span data-testid="overview-exposures">{experiment.exposures?.toLocaleString() ?? '—'}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('overview.phase')}>{experiment.phase}</Descriptions.Item>
          <Descriptions.Item label={t('labels.hypothesis')} span={2}>
            {experiment.hypothesis || <Typography.Text type="secondary">—</Typography.Text>}
          </Descriptions.Item>
        </Descriptions>
      </Card>
    </>
  );
}
