import type { Experiment } from '@tabula/protocol';
import { Alert, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

/** What was decided when the experiment stopped. */
export function DecisionCard({ experiment }: { experiment: Experiment }) {
  const { t } = useTranslation('experiments');
  const { decision } = experiment;
  if (!decision) return null;
  const version = experiment.versions.find((candidate) => candidate.key === decision.version);
  return (
    <Alert
      type={decision.outcome === 'ship' ? 'success' : decision.outcome === 'rollback' ? 'warning' : 'info'}
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="experiment-decision"
      title={
        decision.outcome === 'ship'
          ? t('decision.shipped', { version: version?.name ?? decision.version ?? '—' })
          : t(`decisions.${decision.outcome}`)
      }
      description={
        <>
          {decision.note && <Typography.Paragraph style={{ marginBottom: 4 }}>{decision.note}</Typography.Paragraph>}
          <Typography.Text type="secondary">
            {t('decision.decidedAt', { at: dayjs(decision.decidedAt).format('LLL') })}
          </Typography.Text>
        </>
      }
    />
  );
}
