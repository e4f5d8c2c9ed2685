import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { optionTestIds } from '../option-test-ids';

/** A saved segment as the picker shows it. */
export interface SegmentOption {
  key: string;
  name: string;
}

interface SegmentSelectProps {
  value?: string[];
  onChange?: (keys: string[]) => void;
  /** The project's segments; the page loads them, so this component stays free of any feature. */
  segments: SegmentOption[];
  loading?: boolean;
  disabled?: boolean;
  testId?: string;
}

/** Picks saved segments by key; a unit must be in all of them. A key without a segment still shows, as its key. */
export function SegmentSelect({
  value = [],
  onChange,
  segments,
  loading,
  disabled,
  testId = 'segment-select',
}: SegmentSelectProps) {
  const { t } = useTranslation('flags');
  return (
    <Select
      mode="multiple"
      allowClear
      aria-label={t('conditions.segments')}
      placeholder={t('conditions.segmentsPlaceholder')}
      style={{ width: '100%' }}
      data-testid={testId}
      loading={loading}
      disabled={disabled}
      value={value}
      onChange={(keys: string[]) => onChange?.(keys)}
      showSearch={{ optionFilterProp: 'label' }}
      optionRender={optionTestIds(`${testId}-option`)}
      options={segments.map((segment) => ({ value: segment.key, label: `${segment.name} (${segment.key})` }))}
      notFoundContent={t('conditions.noSegments')}
    />
  );
}
