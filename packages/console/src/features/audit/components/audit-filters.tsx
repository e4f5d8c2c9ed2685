import { AUDIT_ENTITY_TYPES, type AuditEntityType } from '@tabula/protocol';
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

export function AuditFilters({ value, onChange, actors, projects }: AuditFiltersProps) {
  const { t } = useTranslation('audit');
  const search = { optionFilterProp: 'label' as const };
  return (
    <Flex gap={12} wrap style={{ marginBottom: 16 }}>
      <Select<AuditEntityType>
        allowClear
        placeholder={t('filters.entityType')}
        aria-label={t('filters.entityType')}
        data-testid="audit-filter-entity-type"
        style={{ minWidth: 200 }}
        value={value.entityType}
        onChange={(entityType) => onChange({ ...value, entityType })}
        options={AUDIT_ENTITY_TYPES.map((type) => ({ value: type, label: t(`entityTypes.${type}`) }))}
      />
      <Select
        allowClear
        showSearch={search}
        placeholder={t('filters.actor')}
        aria-label={t('filters.actor')}
        data-testid="audit-filter-actor"
        style={{ minWidth: 220 }}
        value={value.actorId}
        onChange={(actorId: string | undefined) => onChange({ ...value, actorId })}
        options={actors}
      />
      <Select
        allowClear
        showSearch={search}
        placeholder={t('filters.project')}
        aria-label={t('filters.project')}
        data-testid="audit-filter-project"
        style={{ minWidth: 220 }}
        value={value.projectId}
        onChange={(projectId: string | undefined) => onChange({ ...value, projectId })}
        options={projects}
      />
    </Flex>
  );
}
