import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CHANGE_REQUEST_FILTERS, type ChangeRequestFilter as Filter } from '../api/get-change-requests';

/** Open requests by default: what still needs someone; the others are history. */
export function ChangeRequestFilter({ value, onChange }: { value: Filter; onChange: (value: Filter) => void }) {
  const { t } = useTranslation('changeRequests');
  return (
    <Select
      value={value}
      onChange={onChange}
      style={{ minWidth: 180 }}
      aria-label={t('filter.label')}
      data-testid="change-request-filter"
      options={CHANGE_REQUEST_FILTERS.map((filter) => ({
        value: filter,
        label:
          filter === 'open' || filter === 'all' ? t(`filter.${filter}`) : t(`common:changeRequestStatus.${filter}`),
      }))}
    />
  );
}
