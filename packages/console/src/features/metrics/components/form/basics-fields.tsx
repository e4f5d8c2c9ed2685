import { METRIC_TYPES, type MetricType } from '@tabula/protocol';
import { Flex, Form, Input, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRules } from '../../../../lib/validation';
import { useFieldValue } from '../../hooks/use-field-value';
import { useMetricRules } from '../../hooks/use-metric-rules';

/** Key (set once, when created), name, description, tags and type. */
export function BasicsFields({ creating }: { creating: boolean }) {
  const { t } = useTranslation('metrics');
  const common = useRules();
  const rules = useMetricRules();
  const type = useFieldValue<MetricType>('type');
  return (
    <>
      <Flex gap={16}>
        {creating && (
          <Form.Item
            name="key"
            label={t('form.key')}
            extra={t('form.keyHelp')}
            rules={[rules.required('key'), common.key()]}
            style={{ flex: 1 }}
          >
            <Input data-testid="metric-key" autoFocus placeholder="revenue" style={{ fontFamily: 'monospace' }} />
          </Form.Item>
        )}
        <Form.Item
          name="name"
          label={t('form.name')}
          rules={[rules.required('name'), common.name()]}
          style={{ flex: 1 }}
        >
          <Input data-testid="metric-name" placeholder={t('form.namePlaceholder')} />
        </Form.Item>
      </Flex>
      <Form.Item name="description" label={t('form.description')}>
        <Input.TextArea rows={2} maxLength={1000} data-testid="metric-description" />
      </Form.Item>
      <Form.Item name="tags" label={t('form.tags')}>
        <Select
          mode="tags"
          tokenSeparators={[',']}
          maxCount={20}
          open={false}
          suffixIcon={null}
          data-testid="metric-tags"
        />
      </Form.Item>
      <Form.Item name="type" label={t('form.type')} extra={type && t(`typeHelp.${type}`)}>
        <Radio.Group optionType="button" buttonStyle="solid" aria-label={t('form.type')}>
          {METRIC_TYPES.map((option) => (
            <Radio.Button key={option} value={option} data-testid={`metric-type-${option}`}>
              {t(`types.${option}`)}
            </Radio.Button>
          ))}
        </Radio.Group>
      </Form.Item>
    </>
  );
}
