import { type Experiment, METRIC_ROLES, type ExperimentResults as Results } from '@tabula/protocol';
import { Button, Card, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ServerErrorAlert } from '../../../../components/server-error-alert';
import { ResultsPlaceholder } from '../../components/detail/results-placeholder';
import { useCanEditExperiments } from '../../hooks/use-can-edit-experiments';
import { useExperimentResults } from '../api/get-experiment-results';
import { useRefreshExperimentResults } from '../api/refresh-experiment-results';
import { useExportResults } from '../hooks/use-export-results';
import { useRefreshFinished } from '../hooks/use-refresh-finished';
import { type ResultsFormat, useResultsFormat } from '../hooks/use-results-format';
import { useResultsOptions } from '../hooks/use-results-options';
import { AlertsPanel } from './alerts-panel';
import { BanditCard } from './bandit-card';
import { BreakdownSection } from './breakdown-section';
import { ExposuresCard } from './exposures-card';
import { HealthPanel } from './health-panel';
import { MetricResultsCard } from './metric-results-card';
import { ResultsSummary } from './results-summary';
import { ResultsToolbar } from './results-toolbar';
import { SnapshotStatus } from './snapshot-status';

interface ExperimentResultsProps {
  projectId: string;
  experiment: Experiment;
  /** Opens the stop decision; absent when this user cannot stop the experiment now. */
  onDecide?: () => void;
  /** The attributes the project chose to break results down by, beside the standard dimensions. */
  breakdownAttributes?: string[];
}

/** The results tab: how the experiment is read, whether the snapshot passes its health checks, what won, and each metric in detail. */
export function ExperimentResults({
  projectId,
  experiment,
  onDecide,
  breakdownAttributes = [],
}: ExperimentResultsProps) {
  const { t } = useTranslation('results');
  const [options, setOptions] = useResultsOptions();
  const results = useExperimentResults(projectId, experiment.key, options);
  const refresh = useRefreshExperimentResults(projectId, experiment.key);
  const canRefresh = useCanEditExperiments() && experiment.status !== 'draft';
  const format = useResultsFormat();
  const exportCsv = useExportResults(experiment.key);
  useRefreshFinished(projectId, results.data ? (results.data.snapshot?.finishedAt ?? null) : undefined);

  if (results.isPending) return <Skeleton active />;
  if (results.isError) {
    return (
      <>
        <ServerErrorAlert error={results.error} />
        <Button onClick={() => results.refetch()}>{t('common:actions.retry')}</Button>
      </>
    );
  }
  const data = results.data;
  const hasResults = data.snapshot?.status === 'succeeded';
  const refreshing = data.refreshing !== null || refresh.isPending;

  return (
    <div data-testid="experiment-results">
      <Card size="small" style={{ marginBottom: 16 }}>
        <Flex gap={16} align="center" justify="space-between" wrap>
          <SnapshotStatus snapshot={data.snapshot} refreshing={data.refreshing} />
          <ResultsToolbar
            options={options}
            onOptionsChange={setOptions}
            results={hasResults ? data : null}
            onExport={() => exportCsv(data)}
            onRefresh={canRefresh ? () => refresh.mutate() : undefined}
            refreshing={refreshing}
          />
        </Flex>
        <ServerErrorAlert error={refresh.error} style={{ marginTop: 12, marginBottom: 0 }} />
      </Card>
      {hasResults ? (
        <>
          <ResultsBody
            projectId={projectId}
            experiment={experiment}
            results={data}
            format={format}
            onDecide={onDecide}
          />
          <BreakdownSection
            projectId={projectId}
            experimentKey={experiment.key}
            results={data}
            format={format}
            attributes={breakdownAttributes}
          />
        </>
      ) : (
        !data.refreshing && <ResultsPlaceholder />
      )}
    </div>
  );
}

interface ResultsBodyProps {
  projectId: string;
  experiment: Experiment;
  results: Results;
  format: ResultsFormat;
  onDecide?: () => void;
}

function ResultsBody({ projectId, experiment, results, format, onDecide }: ResultsBodyProps) {
  const { t } = useTranslation('results');
  return (
    <>
      <AlertsPanel projectId={projectId} experiment={experiment} results={results} format={format} />
      <HealthPanel results={results} format={format} />
      <ResultsSummary
        projectId={projectId}
        experiment={experiment}
        results={results}
        format={format}
        onDecide={onDecide}
      />
      <ExposuresCard results={results} format={format} />
      {experiment.bandit && <BanditCard projectId={projectId} experiment={experiment} format={format} />}
      {METRIC_ROLES.map((role) => {
        const metrics = results.metrics.filter((metric) => metric.role === role);
        if (metrics.length === 0) return null;
        return (
          <section key={role} data-testid={`results-${role}`}>
            <Typography.Title level={5}>{t(`roles.${role}`)}</Typography.Title>
            {metrics.map((metric) => (
              <MetricResultsCard key={metric.key} metric={metric} results={results} format={format} />
            ))}
          </section>
        );
      })}
    </>
  );
}
