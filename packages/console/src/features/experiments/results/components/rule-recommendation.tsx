import type { Experiment, ExperimentResults } from '@tabula/protocol';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { daysRunning } from '../../utils/days-running';
import { type RuleRecommendation as Recommendation, recommend } from '../utils/decision-rule';

const ALERT_TYPES: Record<Recommendation['kind'], 'success' | 'error' | 'info' | 'warning'> = {
  ship: 'success',
  rollback: 'error',
  keep_running: 'info',
  inconclusive: 'warning',
  untrusted: 'warning',
  no_primary_metric: 'info',
};

/** What the experiment's decision rule recommends from these results; nothing when no rule was agreed. */
export function RuleRecommendation({ experiment, results }: { experiment: Experiment; results: ExperimentResults }) {
  const { t } = useTranslation('results');
  const rule = experiment.decisionRule;
  if (!rule) return null;
  const recommendation = recommend(rule, results, {
    daysRunning: daysRunning(experiment.startedAt, experiment.stoppedAt),
    plannedDays: experiment.plannedDays,
  });
  const nameOf = (key: string) => results.versions.find((version) => version.key === key)?.name ?? key;
  const text = (() => {
    switch (recommendation.kind) {
      case 'ship':
        return t('rule.ship', { version: nameOf(recommendation.version) });
      case 'rollback':
        return t(`rule.rollback.${recommendation.reason}`, { metrics: recommendation.metrics.join(', ') });
      case 'keep_running':
        return recommendation.daysLeft === null
          ? t('rule.keepRunning')
          : t('rule.keepRunningDays', { count: recommendation.daysLeft });
      case 'inconclusive':
      case 'untrusted':
      case 'no_primary_metric':
        return t(`rule.${recommendation.kind}`);
    }
  })();
  return (
    <Alert
      type={ALERT_TYPES[recommendation.kind]}
      showIcon
      data-testid="rule-recommendation"
      data-recommendation={recommendation.kind}
      title={t('rule.title', { text })}
    />
  );
}
