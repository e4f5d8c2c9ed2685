import { METRIC_STATUSES, METRIC_TYPES, type MetricType } from '@tabula/protocol';
import { Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListFilterBar, ListSearch } from '../../../components/list-kit/list-filter-bar';
import { optionTestIds } from '../../../components/option-test-ids';
import type { MetricsQuery } from '../api/get-metrics';

interface MetricFiltersProps {
  value: MetricsQuery;
  /** A filter change starts again from the first page. */
  onChange: (query: MetricsQuery) => void;
}

export function MetricFilters({ value, onChange }: MetricFiltersProps) {
  const { t } = useTranslation('metrics');
  const set = (change: MetricsQuery) => onChange({ ...value, ...change, offset: undefined });
  return (
    <ListFilterBar>
      <ListSearch
        value={value.search}
        onSearch={(search) => set({ search })}
        placeholder={t('list.search')}
        testId="metrics-search"
      />
      <Select
        aria-label={t('list.type')}
        style={{ minWidth: 160 }}
        value={value.type ?? 'all'}
        onChange={(type: MetricType | 'all') => set({ type: type === 'all' ? undefined : type })}
        optionRender={optionTestIds('metrics-type-option')}
        data-testid="metrics-type"
        options={[
          { value: 'all', label: t('list.allTypes') },
          ...METRIC_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) })),
        ]}
      />
      <Select
        aria-label={t('list.status')}
        style={{ minWidth: 180 }}
        value={value.status ?? 'active'}
        onChange={(status) => set({ status })}
        optionRender={optionTestIds('metrics-status-option')}
        data-testid="metrics-status"
        options={METRIC_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) }))}
      />
      {value.tag && (
        <Tag closable onClose={() => set({ tag: undefined })} data-testid="metrics-tag-filter">
          {t('list.tagFilter', { tag: value.tag })}
        </Tag>
      )}
    </ListFilterBar>
  );
}
