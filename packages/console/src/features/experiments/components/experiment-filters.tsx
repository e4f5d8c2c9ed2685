import { EXPERIMENT_KINDS, EXPERIMENT_STATUSES } from '@tabula/protocol';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListFilterBar, ListSearch } from '../../../components/list-kit/list-filter-bar';
import { optionTestIds } from '../../../components/option-test-ids';
import type { ExperimentsQuery } from '../api/get-experiments';
import type { ExperimentKind } from '../utils/experiment-draft';

interface ExperimentFiltersProps {
  value: ExperimentsQuery;
  /** A filter change starts again from the first page. */
  onChange: (query: ExperimentsQuery) => void;
}

export function ExperimentFilters({ value, onChange }: ExperimentFiltersProps) {
  const { t } = useTranslation('experiments');
  const set = (change: ExperimentsQuery) => onChange({ ...value, ...change, offset: undefined });
  return (
    <ListFilterBar>
      <ListSearch
        value={value.search}
        onSearch={(search) => set({ search })}
        placeholder={t('list.search')}
        testId="experiments-search"
      />
      <Select
        aria-label={t('list.status')}
        style={{ minWidth: 180 }}
        value={value.status ?? 'all'}
        onChange={(status) => set({ status })}
        optionRender={optionTestIds('experiments-status-option')}
        data-testid="experiments-status"
        options={[
          { value: 'all', label: t('list.allStatuses') },
          ...EXPERIMENT_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) })),
        ]}
      />
      <Select
        aria-label={t('list.kind')}
        style={{ minWidth: 180 }}
        value={value.kind ?? 'all'}
        onChange={(kind: ExperimentKind | 'all') => set({ kind: kind === 'all' ? undefined : kind })}
        optionRender={optionTestIds('experiments-kind-option')}
        data-testid="experiments-kind"
        options={[
          { value: 'all', label: t('list.allKinds') },
          ...EXPERIMENT_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) })),
        ]}
      />
    </ListFilterBar>
  );
}
