import { PlusOutlined } from '@ant-design/icons';
import type { Condition } from '@tabula/protocol';
import { Button, Divider, Flex, Form, Typography } from 'antd';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { ConditionRow } from './condition-row';
import { emptyCondition } from './condition-values';

export interface ConditionsEditorProps {
  value?: Condition[];
  onChange?: (conditions: Condition[]) => void;
  disabled?: boolean;
  /** Prefix of the test ids, for pages that hold several editors. */
  testId?: string;
  /** Names the list as a whole (each row's fields have names of their own), as the form's label says it. */
  label?: string;
}

/**
 * Edits a list of conditions that are ANDed. Fits an antd Form.Item (value/onChange); pair it with
 * `useConditionsRule` so a form refuses unfinished or invalid conditions.
 */
export function ConditionsEditor({
  value = [],
  onChange,
  disabled,
  testId = 'conditions',
  label,
}: ConditionsEditorProps) {
  const { t } = useTranslation('flags');
  const replace = (index: number, condition: Condition) =>
    onChange?.(value.map((current, at) => (at === index ? condition : current)));
  const remove = (index: number) => onChange?.(value.filter((_, at) => at !== index));

  return (
    // A form of its own (rendering no element) keeps the inputs out of the enclosing Form.Item's error colour:
    // each row marks its own problem, the item's message says what the whole list lacks.
    <Form component={false}>
      <Flex vertical gap={8} role={label ? 'group' : undefined} aria-label={label} data-testid={testId}>
        {value.length === 0 && (
          <Typography.Text type="secondary" data-testid={`${testId}-empty`}>
            {t('conditions.empty')}
          </Typography.Text>
        )}
        {value.map((condition, index) => (
          // Conditions have no identity of their own; their place in the list is what the rule means.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Fragment key={index}>
            {index > 0 && (
              <Divider plain style={{ margin: 0 }} titlePlacement="start">
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('conditions.and')}
                </Typography.Text>
              </Divider>
            )}
            <ConditionRow
              condition={condition}
              index={index}
              disabled={disabled}
              onChange={(next) => replace(index, next)}
              onRemove={() => remove(index)}
            />
          </Fragment>
        ))}
        {!disabled && (
          <div>
            <Button
              size="small"
              icon={<PlusOutlined />}
              onClick={() => onChange?.([...value, emptyCondition()])}
              data-testid={`${testId}-add`}
            >
              {t('conditions.add')}
            </Button>
          </div>
        )}
      </Flex>
    </Form>
  );
}
