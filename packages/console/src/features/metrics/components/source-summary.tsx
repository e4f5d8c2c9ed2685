import type { Metric, MetricSource } from '@tabula/protocol';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** A source in words: the event and its filter, the page address and match type, or the clicked selector. */
export function SourceSummary({ source }: { source: MetricSource }) {
  const { t } = useTranslation('metrics');
  switch (source.kind) {
    case 'event':
      return (
        <span>
          <Typography.Text code>{source.event}</Typography.Text>
          {source.filter &&
            ` ${t('summary.where', {
              property: source.filter.property,
              operator: t(`operators.${source.filter.operator}`),
              value: JSON.stringify(source.filter.value),
            })}`}
        </span>
      );
    case 'pageview':
      return (
        <span>
          {t('summary.pageview', { url: source.url })}{' '}
          <Typography.Text type="secondary">({t(`matches.${source.match}`)})</Typography.Text>
        </span>
      );
    case 'click':
      return <span>{t('summary.click', { selector: source.selector })}</span>;
  }
}

/** What a metric counts: its source, or for a ratio both sources and what each unit contributes from them. */
export function MetricSourceSummary({ metric }: { metric: Pick<Metric, 'source' | 'ratio'> }) {
  const { t } = useTranslation('metrics');
  if (!metric.ratio) return <SourceSummary source={metric.source} />;
  const perUnit = (aggregate: 'count' | 'sum') => t('summary.perUnit', { aggregate: t(`aggregates.${aggregate}`) });
  return (
    <div>
      <div>
        <SourceSummary source={metric.source} />{' '}
        <Typography.Text type="secondary">{perUnit(metric.ratio.numerator)}</Typography.Text>
      </div>
      <div>
        ÷ <SourceSummary source={metric.ratio.denominator.source} />{' '}
        <Typography.Text type="secondary">{perUnit(metric.ratio.denominator.aggregate)}</Typography.Text>
      </div>
    </div>
  );
}
