import { PlusOutlined } from '@ant-design/icons';
import type { Metric, MetricUsage } from '@tabula/protocol';
import { Alert, App, Button, Card, Drawer, Flex, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUrlListState } from '../../../components/list-kit/use-url-list-state';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useDeleteMetric } from '../api/delete-metric';
import { useMetrics } from '../api/get-metrics';
import { useSetMetricArchived } from '../api/set-metric-archived';
import { useCanEditMetrics } from '../hooks/use-can-edit-metrics';
import { readMetricsQuery, writeMetricsQuery } from '../utils/list-query';
import { metricUsageOf } from '../utils/metric-usage';
import { MetricDrawer } from './metric-drawer';
import { MetricFilters } from './metric-filters';
import { METRICS_PAGE_SIZE, MetricList } from './metric-list';
import { MetricUsageList } from './metric-usage-list';

interface MetricLibraryProps {
  projectId: string;
  /** What plans an experiment on a metric (the power calculator), shown in a drawer; none: no planning offered. */
  planner?: (metric: Metric) => ReactNode;
  /** Where an experiment that uses a metric opens; the app owns the routes. */
  experimentHref: (key: string) => string;
}

type Opened = { metric: Metric | null } | null;

/** The project's metrics: list, filters, the drawer that creates, edits or shows one, archive and delete. */
export function MetricLibrary({ projectId, experimentHref, planner }: MetricLibraryProps) {
  const { t } = useTranslation('metrics');
  const { message } = App.useApp();
  const canEdit = useCanEditMetrics();
  const [query, setQuery] = useUrlListState(readMetricsQuery, writeMetricsQuery);
  const metrics = useMetrics(projectId, { ...query, limit: query.limit ?? METRICS_PAGE_SIZE });
  const archive = useSetMetricArchived(projectId);
  const remove = useDeleteMetric(projectId);
  const [opened, setOpened] = useState<Opened>(null);
  // Why the last delete was refused: shown until dismissed, as it lists what has to change first.
  const [blocked, setBlocked] = useState<{ key: string; usage: MetricUsage[] } | null>(null);
  const [planning, setPlanning] = useState<Metric | null>(null);

  const setArchived = (metric: Metric, archived: boolean) =>
    archive.mutate(
      { metricKey: metric.key, archived },
      { onSuccess: () => void message.success(t(archived ? 'archived' : 'restored', { key: metric.key })) },
    );
  const removeMetric = (metric: Metric) => {
    setBlocked(null);
    return remove.mutateAsync(metric.key).then(
      () => void message.success(t('deleted', { key: metric.key })),
      (error: unknown) => {
        const usage = metricUsageOf(error);
        if (usage) setBlocked({ key: metric.key, usage });
      },
    );
  };

  const createButton = (testId: string) =>
    canEdit && (
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpened({ metric: null })} data-testid={testId}>
        {t('list.new')}
      </Button>
    );

  return (
    <Card title={t('list.title')} extra={createButton('create-metric-button')}>
      <MetricFilters value={query} onChange={setQuery} />
      <ServerErrorAlert error={metrics.error ?? archive.error ?? (metricUsageOf(remove.error) ? null : remove.error)} />
      {blocked && (
        <Alert
          type="warning"
          showIcon
          closable={{ onClose: () => setBlocked(null) }}
          style={{ marginBottom: 16 }}
          data-testid="metric-in-use"
          title={t('inUseTitle', { key: blocked.key })}
          description={
            <Flex vertical gap={4}>
              <Typography.Text>{t('inUseDescription')}</Typography.Text>
              <MetricUsageList usage={blocked.usage} experimentHref={experimentHref} />
            </Flex>
          }
        />
      )}
      <MetricList
        page={metrics.data}
        loading={metrics.isFetching}
        query={query}
        onQueryChange={setQuery}
        onOpen={(metric) => setOpened({ metric })}
        actions={canEdit ? { setArchived, remove: removeMetric } : undefined}
        createAction={createButton('create-metric-button-empty') || undefined}
        onPlan={planner && setPlanning}
      />
      <Drawer
        title={planning && t('plan.title', { name: planning.name })}
        open={planning !== null}
        onClose={() => setPlanning(null)}
        size={720}
        destroyOnHidden
        data-testid="power-drawer"
      >
        {planning && planner?.(planning)}
      </Drawer>
      <MetricDrawer
        // A fresh form for each metric opened.
        key={opened?.metric?.key ?? 'new'}
        projectId={projectId}
        metric={opened?.metric ?? null}
        open={opened !== null}
        readOnly={!canEdit}
        onClose={() => setOpened(null)}
        experimentHref={experimentHref}
      />
    </Card>
  );
}
