import { METRIC_AGGREGATES, type MetricSourceKind } from '@tabula/protocol';
import { Form, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFieldValue } from '../../hooks/use-field-value';
import { useMetricRules } from '../../hooks/use-metric-rules';

interface AggregateFieldProps {
  name: string[];
  extra: string;
  /** The kind field of the source aggregated: only tracked events can be summed. */
  kindName: string[];
  testId: string;
}

/** What each unit contributes to one side of a ratio: how many events, or the sum of their values. */
export function AggregateField({ name, extra, kindName, testId }: AggregateFieldProps) {
  const { t } = useTranslation('metrics');
  const rules = useMetricRules();
  const kind = useFieldValue<MetricSourceKind>(kindName);
  return (
    <Form.Item
      name={name}
      label={t('form.aggregate')}
      extra={extra}
      dependencies={[kindName]}
      rules={[rules.summable(kind)]}
    >
      <Radio.Group>
        {METRIC_AGGREGATES.map((aggregate) => (
          <Radio
            key={aggregate}
            value={aggregate}
            disabled={aggregate === 'sum' && kind !== 'event'}
            data-testid={`${testId}-${aggregate}`}
          >
            {t(`aggregates.${aggregate}`)}
          </Radio>
        ))}
      </Radio.Group>
    </Form.Item>
  );
}
