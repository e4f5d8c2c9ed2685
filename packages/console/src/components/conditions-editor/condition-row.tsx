import { DeleteOutlined, LockOutlined } from '@ant-design/icons';
import { CONDITION_OPERATORS, type Condition } from '@tabula/protocol';
import { AutoComplete, Button, Checkbox, Flex, Select, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConditionValueInput } from './condition-value-input';
import {
  COMMON_ATTRIBUTES,
  conditionProblem,
  isHashedOperator,
  isKnownOperator,
  valueInputOf,
  withOperator,
} from './condition-values';
import { useProblemText } from './use-problem-text';

interface ConditionRowProps {
  condition: Condition;
  index: number;
  onChange: (condition: Condition) => void;
  onRemove: () => void;
  disabled?: boolean;
}

const ATTRIBUTE_OPTIONS = COMMON_ATTRIBUTES.map((attribute) => ({ value: attribute }));

export function ConditionRow({ condition, index, onChange, onRemove, disabled }: ConditionRowProps) {
  const { t } = useTranslation('flags');
  const problemText = useProblemText();
  const problem = conditionProblem(condition);
  // A row just added has nothing in it yet: it is not wrong, only unfinished (saving still refuses it).
  const untouched = condition.attribute === '' && condition.values.length === 0;
  const shown = untouched ? null : problem;
  const input = valueInputOf(condition.operator);
  const operators: { value: string; label: string }[] = CONDITION_OPERATORS.map((operator) => ({
    value: operator,
    label: t(`conditions.operators.${operator}`),
  }));
  if (!isKnownOperator(condition.operator)) operators.push({ value: condition.operator, label: condition.operator });

  return (
    <Flex vertical gap={4} data-testid={`condition-${index}`}>
      <Flex gap={8} align="flex-start" wrap>
        <AutoComplete
          aria-label={t('conditions.attribute')}
          placeholder={t('conditions.attribute')}
          style={{ width: 170 }}
          disabled={disabled}
          status={shown?.field === 'attribute' ? 'error' : undefined}
          options={ATTRIBUTE_OPTIONS}
          showSearch={{
            filterOption: (text, option) => String(option?.value).toLowerCase().includes(text.toLowerCase()),
          }}
          value={condition.attribute}
          onChange={(attribute: string) => onChange({ ...condition, attribute })}
        />
        <Select
          aria-label={t('conditions.operator')}
          style={{ width: 190 }}
          disabled={disabled}
          popupMatchSelectWidth={false}
          value={condition.operator}
          options={operators}
          onChange={(operator: string) => onChange(withOperator(condition, operator))}
        />
        <div style={{ flex: '1 1 220px', minWidth: 180 }}>
          {input === 'none' ? (
            <Typography.Text type="secondary" style={{ lineHeight: '32px' }}>
              {t('conditions.noValues')}
            </Typography.Text>
          ) : (
            <ConditionValueInput
              input={input}
              values={condition.values}
              onChange={(values) => onChange({ ...condition, values })}
              invalid={shown?.field === 'values'}
              disabled={disabled}
              label={t('conditions.values')}
            />
          )}
        </div>
        <Tooltip title={t('conditions.negateHelp')}>
          <Checkbox
            checked={condition.negate === true}
            disabled={disabled}
            style={{ lineHeight: '32px' }}
            onChange={(event) => onChange(withNegate(condition, event.target.checked))}
          >
            {t('conditions.negate')}
          </Checkbox>
        </Tooltip>
        {!disabled && (
          <Button
            type="text"
            icon={<DeleteOutlined />}
            aria-label={t('conditions.remove')}
            onClick={onRemove}
            data-testid={`condition-${index}-remove`}
          />
        )}
      </Flex>
      {isHashedOperator(condition.operator) && (
        <Typography.Text type="secondary" data-testid={`condition-${index}-hashed`}>
          <LockOutlined /> {t('conditions.hashedHelp')}
        </Typography.Text>
      )}
      {shown && (
        <Typography.Text type="danger" role="alert" data-testid={`condition-${index}-error`}>
          {problemText(shown)}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** `negate` is left out rather than false, as the API stores it. */
function withNegate(condition: Condition, negate: boolean): Condition {
  const { negate: _previous, ...rest } = condition;
  return negate ? { ...rest, negate } : rest;
}
