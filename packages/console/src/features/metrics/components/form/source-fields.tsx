import {
  METRIC_SOURCE_KINDS,
  type MetricSourceKind,
  PAGE_MATCHES,
  PROPERTY_FILTER_OPERATORS,
  type PropertyFilterOperator,
} from '@tabula/protocol';
import { Flex, Form, Input, Radio, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { optionTestIds } from '../../../../components/option-test-ids';
import { useFieldValue } from '../../hooks/use-field-value';
import { useMetricRules } from '../../hooks/use-metric-rules';

const NUMERIC: readonly PropertyFilterOperator[] = ['gt', 'gte', 'lt', 'lte'];

interface SourceFieldsProps {
  /** Where the source lives in the form: the metric's own, or a ratio's denominator. */
  name: string[];
  label: string;
  /** The source's values are summed, which only tracked events allow. */
  valueNeeded: boolean;
  /** Fields whose change decides `valueNeeded`: the kind is checked again when they change. */
  dependencies: string[][];
  testId: string;
}

/** A metric source: the kind, then only the fields that kind needs. */
export function SourceFields({ name, label, valueNeeded, dependencies, testId }: SourceFieldsProps) {
  const { t } = useTranslation('metrics');
  const rules = useMetricRules();
  const kind = useFieldValue<MetricSourceKind>([...name, 'kind']);
  const filterOn = useFieldValue<boolean>([...name, 'filterOn']);
  const operator = useFieldValue<PropertyFilterOperator>([...name, 'filter', 'operator']);

  return (
    <>
      <Form.Item
        name={[...name, 'kind']}
        label={label}
        extra={valueNeeded ? t('form.noValue') : kind && t(`sourceHelp.${kind}`)}
        dependencies={dependencies}
        rules={[rules.carriesValue(valueNeeded)]}
      >
        <Radio.Group optionType="button" buttonStyle="solid" aria-label={label}>
          {METRIC_SOURCE_KINDS.map((option) => (
            <Radio.Button
              key={option}
              value={option}
              disabled={valueNeeded && option !== 'event'}
              data-testid={`${testId}-kind-${option}`}
            >
              {t(`sourceKinds.${option}`)}
            </Radio.Button>
          ))}
        </Radio.Group>
      </Form.Item>
      {kind === 'event' && (
        <>
          <Form.Item
            name={[...name, 'event']}
            label={t('form.event')}
            extra={t('form.eventHelp')}
            rules={[rules.required('event'), rules.event()]}
          >
            <Input data-testid={`${testId}-event`} placeholder="purchase" style={{ fontFamily: 'monospace' }} />
          </Form.Item>
          <Form.Item>
            <Flex gap={8} align="center">
              <Form.Item name={[...name, 'filterOn']} valuePropName="checked" noStyle>
                <Switch size="small" id={`${testId}-filter-on`} data-testid={`${testId}-filter-on`} />
              </Form.Item>
              <label htmlFor={`${testId}-filter-on`}>{t('form.filterOn')}</label>
            </Flex>
          </Form.Item>
          {filterOn && (
            <Flex gap={8} wrap align="flex-start">
              <Form.Item
                name={[...name, 'filter', 'property']}
                label={t('form.property')}
                rules={[rules.required('property')]}
                style={{ flex: '1 1 160px' }}
              >
                <Input data-testid={`${testId}-filter-property`} placeholder="plan" />
              </Form.Item>
              <Form.Item
                name={[...name, 'filter', 'operator']}
                label={t('form.operator')}
                initialValue="eq"
                style={{ flex: '0 1 180px' }}
              >
                <Select
                  data-testid={`${testId}-filter-operator`}
                  optionRender={optionTestIds(`${testId}-operator-option`)}
                  options={PROPERTY_FILTER_OPERATORS.map((value) => ({ value, label: t(`operators.${value}`) }))}
                />
              </Form.Item>
              <Form.Item
                name={[...name, 'filter', 'value']}
                label={t('form.value')}
                extra={t('form.valueHelp')}
                dependencies={[[...name, 'filter', 'operator']]}
                rules={[rules.required('value'), rules.numberFor(NUMERIC.includes(operator ?? 'eq'))]}
                style={{ flex: '1 1 160px' }}
              >
                <Input data-testid={`${testId}-filter-value`} />
              </Form.Item>
            </Flex>
          )}
        </>
      )}
      {kind === 'pageview' && (
        <>
          <Form.Item
            name={[...name, 'url']}
            label={t('form.url')}
            extra={t('form.urlHelp')}
            rules={[rules.required('url'), rules.url()]}
          >
            <Input data-testid={`${testId}-url`} placeholder="https://shop.example/thank-you" />
          </Form.Item>
          <MatchField name={[...name, 'match']} testId={testId} />
        </>
      )}
      {kind === 'click' && (
        <Form.Item
          name={[...name, 'selector']}
          label={t('form.selector')}
          extra={t('form.selectorHelp')}
          rules={[rules.required('selector')]}
        >
          <Input
            data-testid={`${testId}-selector`}
            placeholder="button.add-to-cart"
            style={{ fontFamily: 'monospace' }}
          />
        </Form.Item>
      )}
    </>
  );
}

function MatchField({ name, testId }: { name: string[]; testId: string }) {
  const { t } = useTranslation('metrics');
  const match = useFieldValue<(typeof PAGE_MATCHES)[number]>(name);
  return (
    <Form.Item name={name} label={t('form.match')} extra={match && t(`matchHelp.${match}`)}>
      <Radio.Group aria-label={t('form.match')}>
        {PAGE_MATCHES.map((option) => (
          <Radio key={option} value={option} data-testid={`${testId}-match-${option}`}>
            {t(`matches.${option}`)}
          </Radio>
        ))}
      </Radio.Group>
    </Form.Item>
  );
}
