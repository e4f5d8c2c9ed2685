import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, Select, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { type MetadataField as Entry, fitsMetadataType, METADATA_TYPES } from '../utils/flag-definition-form';

const BOOLEAN_OPTIONS = ['true', 'false'].map((value) => ({ value, label: value }));
/** As many as the API takes. */
const MAX_ENTRIES = 50;

/**
 * The flag's metadata: what the code that reads the flag learns about it (OpenFeature's flag metadata), such as an
 * owner or a ticket. Each entry is text, a number or true/false.
 */
export function MetadataField() {
  const { t } = useTranslation('flags');
  const prompt = (key: 'input' | 'inputValid', noun: string) =>
    t(`common:validation.${key}`, { s: t(`nouns.${noun}`) });
  const keyRules: Rule[] = [
    { required: true, whitespace: true, message: prompt('input', 'metadataKey') },
    { max: 64, message: prompt('inputValid', 'metadataKey') },
    ({ getFieldValue }) => ({
      validator: (_, value: string) => {
        const keys = ((getFieldValue('metadata') as Entry[] | undefined) ?? []).map((entry) => entry?.key?.trim());
        return keys.filter((other) => other === value?.trim()).length > 1
          ? Promise.reject(new Error(t('metadata.duplicate', { key: value })))
          : Promise.resolve();
      },
    }),
  ];
  const valueRules = (name: number): Rule[] => [
    { max: 500, message: prompt('inputValid', 'value') },
    ({ getFieldValue }) => ({
      validator: (_, value: string | undefined) =>
        fitsMetadataType(getFieldValue(['metadata', name, 'type']), value ?? '')
          ? Promise.resolve()
          : Promise.reject(new Error(prompt('inputValid', 'value'))),
    }),
  ];
  const typeOptions = METADATA_TYPES.map((type) => ({ value: type, label: t(`metadata.types.${type}`) }));

  return (
    <Form.List name="metadata">
      {(fields, { add, remove }) => (
        <Flex vertical gap={8} data-testid="metadata-field">
          {fields.length === 0 && <Typography.Text type="secondary">{t('metadata.empty')}</Typography.Text>}
          {fields.map((field) => (
            <Flex key={field.key} gap={8} align="flex-start" wrap data-testid={`metadata-${field.name}`}>
              <Form.Item name={[field.name, 'key']} rules={keyRules} style={{ width: 160, margin: 0 }}>
                <Input aria-label={t('metadata.key')} placeholder={t('metadata.key')} />
              </Form.Item>
              <Form.Item name={[field.name, 'type']} style={{ width: 120, margin: 0 }}>
                <Select aria-label={t('metadata.type')} options={typeOptions} />
              </Form.Item>
              <Form.Item noStyle dependencies={[['metadata', field.name, 'type']]}>
                {({ getFieldValue }) => (
                  <Form.Item
                    name={[field.name, 'value']}
                    rules={valueRules(field.name)}
                    dependencies={[['metadata', field.name, 'type']]}
                    style={{ flex: 1, minWidth: 120, margin: 0 }}
                  >
                    {getFieldValue(['metadata', field.name, 'type']) === 'boolean' ? (
                      <Select aria-label={t('metadata.value')} options={BOOLEAN_OPTIONS} />
                    ) : (
                      <Input aria-label={t('metadata.value')} placeholder={t('metadata.value')} />
                    )}
                  </Form.Item>
                )}
              </Form.Item>
              <Button
                type="text"
                icon={<DeleteOutlined />}
                aria-label={t('metadata.remove')}
                onClick={() => remove(field.name)}
              />
            </Flex>
          ))}
          {fields.length < MAX_ENTRIES && (
            <div>
              <Button
                size="small"
                icon={<PlusOutlined />}
                onClick={() => add({ key: '', type: 'string', value: '' })}
                data-testid="metadata-add"
              >
                {t('metadata.add')}
              </Button>
            </div>
          )}
        </Flex>
      )}
    </Form.List>
  );
}
