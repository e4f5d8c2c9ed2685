import type { Experiment } from '@tabula/protocol';
import { Card, Descriptions, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { daysRunning, planProgress } from '../../utils/days-running';
import { ExperimentKindTag, ExperimentStatusTag } from '../experiment-status-tag';
import { DecisionRuleText, PlannedDaysText } from '../plan-summary';
import { DecisionCard } from './decision-card';

const date = (value: string | null) => (value ? dayjs(value).format('LLL') : '—');

export function ExperimentOverview({ projectId, experiment }: { projectId: string; experiment: Experiment }) {
  const { t } = useTranslation('experiments');
  const days = daysRunning(experiment.startedAt, experiment.stoppedAt);
  const plan = planProgress(experiment);
  return (
    <>
      {experiment.decision && <DecisionCard projectId={projectId} experiment={experiment} />}
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
            <span data-testid="overview-days">
              {plan ? t('plan.dayOf', { day: plan.day, planned: plan.planned }) : (days ?? '—')}
            </span>
            {plan?.ended && !experiment.stoppedAt && (
              <Tag color="orange" style={{ marginInlineStart: 8 }} data-testid="overview-plan-ended">
                {t('plan.ended')}
              </Tag>
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('plan.plannedDays')}>
            <PlannedDaysText days={experiment.plannedDays} />
          </Descriptions.Item>
          <Descriptions.Item label={t('plan.rule')}>
            <DecisionRuleText rule={experiment.decisionRule} />
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
