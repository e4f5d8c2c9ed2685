import type { MetricType } from '@tabula/protocol';
import { Card, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFieldValue } from '../../hooks/use-field-value';
import { AggregateField } from './aggregate-field';
import { SourceFields } from './source-fields';

type Aggregate = 'count' | 'sum';

/** The metric's source; for a ratio, that source as the numerator and a second one as the denominator. */
export function MeasureFields() {
  const { t } = useTranslation('metrics');
  const type = useFieldValue<MetricType>('type');
  const numerator = useFieldValue<Aggregate>('numerator');
  const denominator = useFieldValue<Aggregate>(['denominator', 'aggregate']);
  const source = (
    <SourceFields
      name={['source']}
      label={t('form.source')}
      valueNeeded={type === 'sum' || (type === 'ratio' && numerator === 'sum')}
      dependencies={[['type'], ['numerator']]}
      testId="metric-source"
    />
  );
  if (type !== 'ratio') return source;
  return (
    <Flex vertical gap={16} style={{ marginBottom: 24 }}>
      <Card size="small" title={t('form.numerator')}>
        {source}
        <AggregateField
          name={['numerator']}
          extra={t('form.numeratorHelp')}
          kindName={['source', 'kind']}
          testId="metric-numerator"
        />
      </Card>
      <Card size="small" title={t('form.denominator')}>
        <SourceFields
          name={['denominator', 'source']}
          label={t('form.source')}
          valueNeeded={denominator === 'sum'}
          dependencies={[['denominator', 'aggregate']]}
          testId="metric-denominator"
        />
        <AggregateField
          name={['denominator', 'aggregate']}
          extra={t('form.denominatorHelp')}
          kindName={['denominator', 'source', 'kind']}
          testId="metric-denominator-aggregate"
        />
      </Card>
    </Flex>
  );
}
