import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { FlagType } from '@tabula/protocol';
import { Button, Flex, Form, Input, InputNumber, Tag, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { isVariantValue, type VariantField } from '../utils/variant-fields';

const MAX_VARIANTS = 100;

function useVariantRules(type: FlagType) {
  const { t } = useTranslation('flags');
  const prompt = (key: 'input' | 'inputValid', noun: string) =>
    t(`common:validation.${key}`, { s: t(`nouns.${noun}`) });
  const key: Rule[] = [
    { required: true, whitespace: true, message: prompt('input', 'variantKey') },
    { max: 100, message: prompt('inputValid', 'variantKey') },
    ({ getFieldValue }) => ({
      validator: (_, value: string) => {
        const keys = (getFieldValue('variants') as VariantField[]).map((variant) => variant?.key?.trim());
        return keys.filter((other) => other === value?.trim()).length > 1
          ? Promise.reject(new Error(t('variants.duplicate', { key: value })))
          : Promise.resolve();
      },
    }),
  ];
  const value: Rule[] = [
    {
      validator: (_, entered: VariantField['value']) => {
        if (entered === null || entered === undefined || (type === 'json' && String(entered).trim() === '')) {
          return Promise.reject(new Error(prompt('input', type === 'json' ? 'json' : 'value')));
        }
        return isVariantValue(type, entered)
          ? Promise.resolve()
          : Promise.reject(new Error(prompt('inputValid', type === 'json' ? 'json' : 'value')));
      },
    },
  ];
  return { key, value };
}

/** The value of one variant, typed for the flag: text, a number, or JSON in a text area checked as you type. */
function ValueInput({ type, name, rules }: { type: FlagType; name: number; rules: Rule[] }) {
  const { t } = useTranslation('flags');
  switch (type) {
    case 'boolean':
      return (
        <Form.Item name={[name, 'value']} noStyle>
          <BooleanValue />
        </Form.Item>
      );
    case 'string':
      return (
        <Form.Item name={[name, 'value']} rules={rules} style={{ flex: 1, margin: 0 }}>
          <Input aria-label={t('variants.value')} placeholder={t('variants.stringPlaceholder')} />
        </Form.Item>
      );
    case 'number':
      return (
        <Form.Item name={[name, 'value']} rules={rules} style={{ flex: 1, margin: 0 }}>
          <InputNumber aria-label={t('variants.value')} style={{ width: '100%' }} />
        </Form.Item>
      );
    case 'json':
      return (
        <Form.Item name={[name, 'value']} rules={rules} validateTrigger="onChange" style={{ flex: 1, margin: 0 }}>
          <Input.TextArea
            aria-label={t('variants.value')}
            autoSize={{ minRows: 2, maxRows: 10 }}
            spellCheck={false}
            style={{ fontFamily: 'monospace' }}
            placeholder='{"columns": 3}'
          />
        </Form.Item>
      );
  }
}

function BooleanValue({ value }: { value?: boolean }) {
  return <Tag color={value ? 'green' : 'default'}>{String(value)}</Tag>;
}

/** The variants of a flag; a boolean flag's are fixed (on serves true, off serves false). */
export function VariantsField({ type }: { type: FlagType }) {
  const { t } = useTranslation('flags');
  const rules = useVariantRules(type);
  const fixed = type === 'boolean';
  return (
    <Form.List name="variants">
      {(fields, { add, remove }) => (
        <Flex vertical gap={8} data-testid="variants-field">
          {fields.map((field) => (
            <Flex key={field.key} gap={8} align="flex-start" data-testid={`variant-${field.name}`}>
              <Form.Item name={[field.name, 'key']} rules={rules.key} style={{ width: 180, margin: 0 }}>
                <Input aria-label={t('variants.key')} placeholder={t('variants.key')} disabled={fixed} />
              </Form.Item>
              <ValueInput type={type} name={field.name} rules={rules.value} />
              {!fixed && fields.length > 1 && (
                <Button
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={t('variants.remove')}
                  onClick={() => remove(field.name)}
                />
              )}
            </Flex>
          ))}
          {fixed ? (
            <Typography.Text type="secondary">{t('variants.booleanHelp')}</Typography.Text>
          ) : (
            fields.length < MAX_VARIANTS && (
              <div>
                <Button
                  size="small"
                  icon={<PlusOutlined />}
                  onClick={() => add({ key: '', value: type === 'number' ? 0 : type === 'json' ? '{}' : '' })}
                  data-testid="variant-add"
                >
                  {t('variants.add')}
                </Button>
              </div>
            )
          )}
        </Flex>
      )}
    </Form.List>
  );
}
