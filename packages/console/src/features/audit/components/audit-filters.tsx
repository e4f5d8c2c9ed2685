import { AUDIT_ENTITY_TYPES } from '@tabula/protocol';
import { Flex, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AuditFilters as Filters } from '../api/get-audit-log';

export interface FilterOption {
  value: string;
  label: string;
}

interface AuditFiltersProps {
  value: Filters;
  onChange: (filters: Filters) => void;
  /** Members and projects come from their own features; the app passes them in. */
  actors: FilterOption[];
  projects: FilterOption[];
}

type FilterField = 'entityType' | 'actorId' | 'projectId';

export function AuditFilters({ value, onChange, actors, projects }: AuditFiltersProps) {
  const { t } = useTranslation('audit');
  const entityTypes = AUDIT_ENTITY_TYPES.map((type) => ({ value: type, label: t(`entityTypes.${type}`) }));
  const filter = (field: FilterField, label: string, testId: string, options: FilterOption[], searchable: boolean) => (
    <Select<string>
      allowClear
      showSearch={searchable ? { optionFilterProp: 'label' } : false}
      placeholder={label}
      aria-label={label}
      data-testid={testId}
      style={{ minWidth: field === 'entityType' ? 200 : 220 }}
      value={value[field]}
      onChange={(selected: string | undefined) => onChange({ ...value, [field]: selected })}
      options={options}
    />
  );
  return (
    <Flex gap={12} wrap style={{ marginBottom: 16 }}>
      {filter('entityType', t('filters.entityType'), 'audit-filter-entity-type', entityTypes, false)}
      {filter('actorId', t('filters.actor'), 'audit-filter-actor', actors, true)}
      {filter('projectId', t('filters.project'), 'audit-filter-project', projects, true)}
    </Flex>
  );
}
