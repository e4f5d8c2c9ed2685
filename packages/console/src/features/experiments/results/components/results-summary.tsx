import {
  CheckCircleOutlined,
  CloseCircleOutlined,
  InfoCircleOutlined,
  StopOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import type { Experiment, ExperimentResults } from '@tabula/protocol';
import { Alert, Button, Card, Flex, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { DecisionCard } from '../../components/detail/decision-card';
import type { ResultsFormat } from '../hooks/use-results-format';
import { margin } from '../utils/format';
import { failedChecks } from '../utils/health';
import { nominalLevel } from '../utils/interval-level';
import { type DecisiveVersion, summariseResults } from '../utils/summary';
import { RuleRecommendation } from './rule-recommendation';

type MetricType = ExperimentResults['metrics'][number]['type'];

/** Which method sentence explains the numbers: sequential intervals are said to be always valid. */
const methodKey = (results: ExperimentResults) =>
  results.method === 'bayesian'
    ? 'method.bayesian'
    : results.options.sequential
      ? 'method.sequential'
      : 'method.frequentist';

interface ResultsSummaryProps {
  projectId: string;
  experiment: Experiment;
  results: ExperimentResults;
  format: ResultsFormat;
  /** Opens the stop decision; absent when this user cannot stop the experiment now. */
  onDecide?: () => void;
}

/**
 * The answer in one or two sentences, then the decision taken or the way to take it. While a health check fails there
 * is no answer: the sentences say what is wrong and what to do instead.
 */
export function ResultsSummary({ projectId, experiment, results, format, onDecide }: ResultsSummaryProps) {
  const { t } = useTranslation('results');
  const { token } = theme.useToken();
  const summary = summariseResults(results);
  const mode = results.options.relative ? 'relative' : 'absolute';
  const nameOf = (key: string) => results.versions.find((version) => version.key === key)?.name ?? key;
  const breached = results.metrics.filter((metric) => metric.guardrailBreached);

  // The chance, and the expected loss of choosing the version should it be the wrong choice.
  const bayesianEvidence = (chance: number, risk: [number, number] | null, type: MetricType) =>
    risk === null
      ? t('summary.chance', { chance: format.chance(chance) })
      : t('summary.chanceAndRisk', {
          chance: format.chance(chance),
          risk: format.change(risk[1], mode, type, false),
        });

  const sentence = (row: DecisiveVersion, type: MetricType, metric: string) => {
    const { estimate, ci, chanceToWin, risk, pValue, adjustedPValue } = row.lift;
    const p = adjustedPValue ?? pValue;
    const evidence =
      chanceToWin !== null ? bayesianEvidence(chanceToWin, risk, type) : p === null ? '—' : format.pStatement(p);
    return t(estimate >= 0 ? 'summary.raises' : 'summary.lowers', {
      version: nameOf(row.version),
      metric,
      change: format.change(Math.abs(estimate), mode, type, false),
      margin: format.change(margin(ci), mode, type, false),
      evidence,
    });
  };

  const failed = failedChecks(results);
  const lines: { key: string; good: boolean | null | 'untrusted'; text: string }[] =
    failed.length > 0
      ? failed.map((check) => ({
          key: check.check,
          good: 'untrusted',
          text: t(`health.headline.${check.check}`, {
            limit: format.count(check.limit),
            hours: format.count(Math.round(check.value)),
          }),
        }))
      : summary.kind === 'decisive'
        ? summary.versions.map((row) => ({
            key: row.version,
            good: row.verdict === 'better',
            text: sentence(row, summary.metric.type, summary.metric.name),
          }))
        : [{ key: summary.kind, good: null, text: t(`summary.${summary.kind}`) }];

  return (
    <Card size="small" style={{ marginBottom: 16 }} data-testid="results-summary">
      <Flex vertical gap={8}>
        {lines.map((line) => (
          <Flex
            key={line.key}
            gap={8}
            align="baseline"
            data-testid="summary-sentence"
            data-untrusted={line.good === 'untrusted' || undefined}
          >
            {line.good === 'untrusted' && <WarningOutlined style={{ color: token.colorWarning }} />}
            {line.good === true && <CheckCircleOutlined style={{ color: token.colorSuccess }} />}
            {line.good === false && <CloseCircleOutlined style={{ color: token.colorError }} />}
            {line.good === null && <InfoCircleOutlined style={{ color: token.colorTextSecondary }} />}
            <Typography.Text strong style={{ fontSize: 16 }}>
              {line.text}
            </Typography.Text>
          </Flex>
        ))}
        <Typography.Text type="secondary">
          {t(methodKey(results), {
            level: format.share(nominalLevel(results)),
            threshold: format.share(results.decisionThreshold),
          })}{' '}
          {results.method === 'frequentist' && t(`corrections.${results.correction}`)}
        </Typography.Text>
        {breached.length > 0 && (
          <Alert
            type="error"
            showIcon
            data-testid="guardrails-breached"
            title={t('guardrailsBreached', { metrics: breached.map((metric) => metric.name).join(', ') })}
          />
        )}
        <RuleRecommendation experiment={experiment} results={results} />
        {experiment.decision ? (
          <DecisionCard projectId={projectId} experiment={experiment} />
        ) : (
          onDecide && (
            <div>
              <Button danger icon={<StopOutlined />} onClick={onDecide} data-testid="results-decide">
                {t('decide')}
              </Button>
            </div>
          )
        )}
      </Flex>
    </Card>
  );
}
