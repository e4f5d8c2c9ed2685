import { FLAG_TYPES } from '@tabula/protocol';
import { Checkbox, Segmented, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListFilterBar, ListSearch } from '../../../components/list-kit/list-filter-bar';
import type { FlagListState } from '../utils/list-state';

interface FlagFiltersProps {
  value: FlagListState;
  onChange: (change: Partial<FlagListState>) => void;
  environments: { key: string; name: string }[];
  /** Tags seen on the page, offered as choices; any other can be typed. */
  knownTags: string[];
}

const STATUSES = ['active', 'archived', 'all'] as const;

/** `production:on` — the environment and the switch position, one choice. */
const switchValue = ({ environment, enabled }: FlagListState) =>
  environment && enabled !== undefined ? `${environment}:${enabled ? 'on' : 'off'}` : undefined;

export function FlagFilters({ value, onChange, environments, knownTags }: FlagFiltersProps) {
  const { t } = useTranslation('flags');
  const [typedTag, setTypedTag] = useState('');
  const tags = [...new Set([...knownTags, value.tag ?? '', typedTag.trim()])].filter(Boolean).sort();

  return (
    <ListFilterBar>
      <ListSearch
        value={value.search}
        onSearch={(search) => onChange({ search })}
        placeholder={t('list.searchPlaceholder')}
        testId="flag-search"
        width={260}
      />
      <Select
        allowClear
        placeholder={t('list.tag')}
        aria-label={t('list.tag')}
        style={{ minWidth: 150 }}
        showSearch={{ onSearch: setTypedTag }}
        value={value.tag}
        onChange={(tag?: string) => onChange({ tag })}
        options={tags.map((tag) => ({ value: tag, label: tag }))}
        data-testid="flag-filter-tag"
      />
      <Select
        allowClear
        placeholder={t('list.type')}
        aria-label={t('list.type')}
        style={{ minWidth: 130 }}
        value={value.type}
        onChange={(type?: FlagListState['type']) => onChange({ type })}
        options={FLAG_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
        data-testid="flag-filter-type"
      />
      <Select
        allowClear
        placeholder={t('list.switch')}
        aria-label={t('list.switch')}
        style={{ minWidth: 190 }}
        value={switchValue(value)}
        onChange={(choice?: string) => {
          const [environment, position] = choice?.split(':') ?? [];
          onChange({ environment, enabled: position === undefined ? undefined : position === 'on' });
        }}
        options={environments.flatMap((environment) =>
          (['on', 'off'] as const).map((position) => ({
            value: `${environment.key}:${position}`,
            label: t(`list.switchIs.${position}`, { environment: environment.name }),
          })),
        )}
        data-testid="flag-filter-switch"
      />
      <Checkbox
        checked={value.stale ?? false}
        onChange={(event) => onChange({ stale: event.target.checked || undefined })}
        data-testid="flag-filter-stale"
      >
        {t('usage:stale.filter')}
      </Checkbox>
      <Segmented
        value={value.status}
        onChange={(status) => onChange({ status })}
        options={STATUSES.map((status) => ({ value: status, label: t(`list.statuses.${status}`) }))}
        data-testid="flag-filter-status"
      />
    </ListFilterBar>
  );
}
