import type { Experiment, ExperimentDecision } from '@tabula/protocol';
import { Alert, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useMetricLibrary } from '../../api/get-metric-library';
import { useResultsFormat } from '../../results/hooks/use-results-format';
import { alertText } from '../../results/utils/alert-text';

type Automatic = NonNullable<ExperimentDecision['automatic']>;

/** Why a refresh stopped it, in the reader's language: the alert's sentence, as the alerts panel words it. */
function AutomaticReason({
  projectId,
  experiment,
  automatic,
}: {
  projectId: string;
  experiment: Experiment;
  automatic: Automatic;
}) {
  const { t } = useTranslation(['experiments', 'results']);
  const format = useResultsFormat();
  const library = useMetricLibrary(projectId);
  const text = alertText(
    automatic.alert,
    {
      metric: (key) => library.data?.find((metric) => metric.key === key)?.name ?? key,
      version: (key) => experiment.versions.find((version) => version.key === key)?.name ?? key,
    },
    format,
  );
  return (
    <Typography.Paragraph style={{ marginBottom: 4 }} data-testid="decision-automatic">
      {t('decision.stoppedAutomatically', { reason: t(text.key, { ...text.values, ns: 'results' }) })}
      {automatic.moreAlerts > 0 && ` ${t('decision.moreAlerts', { count: automatic.moreAlerts })}`}
    </Typography.Paragraph>
  );
}

/** What was decided when the experiment stopped. */
export function DecisionCard({ projectId, experiment }: { projectId: string; experiment: Experiment }) {
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
          {decision.automatic ? (
            <AutomaticReason projectId={projectId} experiment={experiment} automatic={decision.automatic} />
          ) : (
            decision.note && <Typography.Paragraph style={{ marginBottom: 4 }}>{decision.note}</Typography.Paragraph>
          )}
          <Typography.Text type="secondary">
            {t('decision.decidedAt', { at: dayjs(decision.decidedAt).format('LLL') })}
          </Typography.Text>
        </>
      }
    />
  );
}
