import {
  type DiagnosticsWindow,
  rateVital,
  VITAL_NAMES,
  VITAL_RATINGS,
  VITAL_THRESHOLDS,
  type VitalName,
  type VitalSummary,
} from '@tabula/protocol';
import { Card, Flex, Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useVitalSummaries } from '../api/get-vital-summaries';
import { formatVital, type PageVitals, RATING_COLORS, vitalsByPage } from '../utils/vitals';

function Percentile({ name, label, value }: { name: VitalName; label: string; value: number }) {
  const rating = rateVital(name, value);
  return (
    <Tag color={RATING_COLORS[rating]} data-rating={rating} style={{ marginInlineEnd: 0 }}>
      {label} {formatVital(name, value)}
    </Tag>
  );
}

function VitalCell({ name, summary }: { name: VitalName; summary: VitalSummary | undefined }) {
  const { t } = useTranslation('platform');
  if (!summary) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Flex vertical gap={4} align="flex-start" data-testid={`vital-${summary.page}-${name}`}>
      <Percentile name={name} label={t('diagnostics.vitals.p75')} value={summary.p75} />
      <Percentile name={name} label={t('diagnostics.vitals.p90')} value={summary.p90} />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('diagnostics.vitals.samples', { samples: summary.count })}
      </Typography.Text>
    </Flex>
  );
}

/** The column title says where good ends and poor begins (spec §9). */
function VitalTitle({ name }: { name: VitalName }) {
  const { t } = useTranslation('platform');
  const [good, poor] = VITAL_THRESHOLDS[name];
  return (
    <Tooltip
      title={t('diagnostics.vitals.thresholds', { good: formatVital(name, good), poor: formatVital(name, poor) })}
    >
      <span>{name}</span>
    </Tooltip>
  );
}

/** Spec §7/§9: each page's vitals as 75th and 90th percentiles, coloured by the spec's thresholds. */
export function VitalsCard({ days }: { days: DiagnosticsWindow }) {
  const { t } = useTranslation('platform');
  const summaries = useVitalSummaries(days);
  const columns: TableColumnsType<PageVitals> = [
    {
      title: t('diagnostics.vitals.page'),
      dataIndex: 'page',
      key: 'page',
      render: (page: string) => <Typography.Text code>{page}</Typography.Text>,
    },
    ...VITAL_NAMES.map((name) => ({
      title: <VitalTitle name={name} />,
      key: name,
      width: 130,
      render: (_: unknown, row: PageVitals) => <VitalCell name={name} summary={row.vitals[name]} />,
    })),
  ];
  return (
    <Card
      title={t('diagnostics.vitals.title')}
      extra={
        <Flex gap={4}>
          {VITAL_RATINGS.map((rating) => (
            <Tag key={rating} color={RATING_COLORS[rating]}>
              {t(`diagnostics.ratings.${rating}`)}
            </Tag>
          ))}
        </Flex>
      }
    >
      <ServerErrorAlert error={summaries.error} />
      <Table
        rowKey="page"
        columns={columns}
        dataSource={vitalsByPage(summaries.data ?? [])}
        loading={summaries.isPending && !summaries.error}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        data-testid="diagnostics-vitals"
        locale={{
          emptyText: (
            <EmptyState title={t('diagnostics.vitals.empty')} description={t('diagnostics.vitals.emptyDescription')} />
          ),
        }}
      />
    </Card>
  );
}
