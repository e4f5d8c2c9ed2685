import type { ConditionValue } from '@tabula/protocol';
import { DatePicker, Input, InputNumber, Select } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ValueInput } from './condition-values';

interface ConditionValueInputProps {
  input: ValueInput;
  values: ConditionValue[];
  onChange: (values: ConditionValue[]) => void;
  invalid: boolean;
  disabled?: boolean;
  /** Names the input for assistive technology and tests. */
  label: string;
}

/** The operands of one condition, typed for its operator: a list, a number, a date, a version or a pattern. */
export function ConditionValueInput({ input, values, onChange, invalid, disabled, label }: ConditionValueInputProps) {
  const { t } = useTranslation('flags');
  const status = invalid ? 'error' : undefined;
  const first = values[0];
  const single = (value: ConditionValue | null | undefined) =>
    onChange(value === null || value === undefined ? [] : [value]);
  const common = { 'aria-label': label, disabled, status, style: { width: '100%' } } as const;

  switch (input) {
    case 'none':
      return null;
    case 'list':
      return (
        <Select
          {...common}
          mode="tags"
          open={false}
          suffixIcon={null}
          tokenSeparators={[',']}
          placeholder={t('conditions.placeholders.list')}
          value={values.map(String)}
          onChange={(next: string[]) => onChange(next.map((value) => value.trim()).filter((value) => value !== ''))}
        />
      );
    case 'number':
      return (
        <InputNumber<number>
          {...common}
          placeholder={t('conditions.placeholders.number')}
          value={typeof first === 'number' ? first : null}
          onChange={single}
        />
      );
    case 'date':
      return (
        <DatePicker
          {...common}
          showTime
          placeholder={t('conditions.placeholders.date')}
          value={typeof first === 'string' && first !== '' ? dayjs(first) : null}
          onChange={(date) => single(date ? date.toISOString() : null)}
        />
      );
    case 'version':
    case 'pattern':
      return (
        <Input
          {...common}
          placeholder={t(`conditions.placeholders.${input}`)}
          value={first === undefined ? '' : String(first)}
          onChange={(event) => single(event.target.value === '' ? null : event.target.value)}
        />
      );
  }
}
