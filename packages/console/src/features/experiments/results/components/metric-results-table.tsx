import type { ExperimentResults, MetricResult, VersionResult } from '@tabula/protocol';
import { Table, type TableColumnsType, Tag, Tooltip, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResultsFormat } from '../hooks/use-results-format';
import type { LiftMode } from '../utils/format';
import { isTrustworthy } from '../utils/health';
import { isWidened, nominalLevel } from '../utils/interval-level';
import { observedChange } from '../utils/observed-change';
import { toneColour, VERDICT_TONES } from '../utils/verdict';
import { IntervalBar, intervalScale } from './interval-bar';
import { VerdictTag } from './verdict-tag';

interface MetricResultsTableProps {
  metric: MetricResult;
  results: ExperimentResults;
  format: ResultsFormat;
}

/** One row per version: what it measured, how far from control, how sure, and the verdict. */
export function MetricResultsTable({ metric, results, format }: MetricResultsTableProps) {
  const { t } = useTranslation('results');
  const { token } = theme.useToken();
  const mode: LiftMode = results.options.relative ? 'relative' : 'absolute';
  const control = metric.versions.find((row) => row.version === results.control)?.value ?? null;
  const nameOf = (key: string) => results.versions.find((version) => version.key === key)?.name ?? key;
  const scale = intervalScale(metric.versions.flatMap((row) => (row.lift ? [row.lift] : [])));
  const nominal = nominalLevel(results);
  const level = format.share(nominal);
  const change = (value: number | null, kind: LiftMode) => format.change(value, kind, metric.type);
  // While a health check fails the intervals are drawn without a verdict's colour, like the chips.
  const trusted = isTrustworthy(results);

  // Bayesian: how likely the version wins, and what choosing it (or keeping control) costs on average if wrong.
  const bayesianColumns: TableColumnsType<VersionResult> = [
    {
      key: 'chance',
      title: t('columns.chanceToWin'),
      align: 'right',
      render: (_, row) => (row.lift?.chanceToWin == null ? null : format.chance(row.lift.chanceToWin)),
    },
    {
      key: 'risk',
      title: t('columns.risk'),
      align: 'right',
      render: (_, row) => {
        const risk = row.lift?.risk;
        if (!risk) return null;
        const [control, version] = risk.map((loss) => format.change(loss, mode, metric.type, false));
        return (
          <Tooltip title={t('riskHelp', { risk: version, control })}>
            <span data-testid="lift-risk">{version}</span>
          </Tooltip>
        );
      },
    },
  ];

  const columns: TableColumnsType<VersionResult> = [
    {
      key: 'version',
      title: t('columns.version'),
      render: (_, row) => (
        <>
          {nameOf(row.version)}
          {row.version === results.control && <Tag style={{ marginLeft: 8 }}>{t('control')}</Tag>}
        </>
      ),
    },
    { key: 'units', title: t('columns.units'), align: 'right', render: (_, row) => format.count(row.units) },
    {
      key: 'value',
      title: t(`columns.value.${metric.type}`),
      align: 'right',
      render: (_, row) => format.value(metric.type, row.value),
    },
    ...(['absolute', 'relative'] as const).map((kind) => ({
      key: kind,
      title: t(`columns.${kind}`),
      align: 'right' as const,
      render: (_: unknown, row: VersionResult) =>
        row.lift ? change(observedChange(control, row.value)[kind], kind) : null,
    })),
    {
      key: 'interval',
      title: t(`columns.interval.${mode}`, { level }),
      render: (_, row) => {
        if (!row.lift) return null;
        const { estimate, ci } = row.lift;
        const tone = trusted ? VERDICT_TONES[row.lift.verdict] : 'neutral';
        const text = `${change(estimate, mode)} [${change(ci[0], mode)}, ${change(ci[1], mode)}]`;
        const widened = isWidened(row.lift.level, nominal) ? row.lift.level : null;
        const shown = (
          <span
            data-testid="lift-interval"
            data-level={row.lift.level ?? undefined}
            style={{ color: toneColour(tone, token), whiteSpace: 'nowrap' }}
          >
            {text}
            {widened !== null && ' *'}
          </span>
        );
        return (
          <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
            <IntervalBar estimate={estimate} ci={ci} scale={scale} tone={tone} label={text} />
            {widened === null ? (
              shown
            ) : (
              <Tooltip title={t('intervalWidened', { level: format.share(widened) })}>{shown}</Tooltip>
            )}
          </div>
        );
      },
    },
    ...(results.method === 'bayesian'
      ? bayesianColumns
      : [
          {
            key: 'p',
            title: results.correction === 'none' ? t('columns.pValue') : t('columns.adjustedPValue'),
            align: 'right',
            render: (_, row) => {
              const p = row.lift?.adjustedPValue ?? row.lift?.pValue;
              if (p == null) return null;
              if (results.correction === 'none' || row.lift?.pValue == null) return format.pValue(p);
              return (
                <Tooltip title={t('unadjustedPValue', { p: format.pValue(row.lift.pValue) })}>
                  <span>{format.pValue(p)}</span>
                </Tooltip>
              );
            },
          } satisfies TableColumnsType<VersionResult>[number],
        ]),
    {
      key: 'verdict',
      title: t('columns.verdict'),
      render: (_, row) =>
        row.lift ? (
          <VerdictTag verdict={row.lift.verdict} trusted={trusted} />
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
  ];

  return (
    <Table<VersionResult>
      rowKey="version"
      size="small"
      pagination={false}
      columns={columns}
      dataSource={metric.versions}
      scroll={{ x: 'max-content' }}
      onRow={(row) =>
        ({
          'data-testid': `result-${metric.key}-${row.version}`,
          'data-verdict': row.lift?.verdict ?? 'control',
        }) as React.HTMLAttributes<HTMLTableRowElement>
      }
    />
  );
}
