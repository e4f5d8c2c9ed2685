import { MAX_CUPED_LOOKBACK_DAYS, MAX_WINDOW_HOURS, METRIC_CAPPINGS, METRIC_DIRECTIONS } from '@tabula/protocol';
import { Flex, Form, InputNumber, Radio, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFieldValue } from '../../hooks/use-field-value';
import { useMetricRules } from '../../hooks/use-metric-rules';
import type { MetricFormValues } from '../../utils/form-values';

type CappingKind = MetricFormValues['capping']['kind'];
/** What a new capping kind starts from: the usual winsorisation, or an empty cap to fill in. */
const STARTING_VALUE: Record<CappingKind, number | null> = { none: null, absolute: null, percentile: 0.99 };

/** Window, direction, capping (values only: a conversion is 0 or 1) and CUPED. */
export function AnalysisFields() {
  const { t } = useTranslation('metrics');
  const rules = useMetricRules();
  const form = Form.useFormInstance<MetricFormValues>();
  const type = useFieldValue<MetricFormValues['type']>('type');
  const windowMode = useFieldValue<MetricFormValues['windowMode']>('windowMode');
  const capping = useFieldValue<CappingKind>(['capping', 'kind']);
  const cuped = useFieldValue<boolean>(['cuped', 'enabled']);

  return (
    <>
      <Form.Item label={t('form.window')} extra={t('form.windowHelp')} required={false}>
        <Flex gap={16} align="center" wrap>
          <Form.Item name="windowMode" noStyle>
            <Radio.Group aria-label={t('form.window')}>
              <Radio value="hours" data-testid="metric-window-hours">
                {t('form.windowHours')}
              </Radio>
              <Radio value="experiment" data-testid="metric-window-experiment">
                {t('form.windowUntilEnd')}
              </Radio>
            </Radio.Group>
          </Form.Item>
          {windowMode === 'hours' && (
            <Form.Item name="windowHours" noStyle rules={[rules.number('hours')]}>
              <InputNumber
                min={1}
                max={MAX_WINDOW_HOURS}
                precision={0}
                suffix={t('form.hours')}
                aria-label={t('form.windowHours')}
                style={{ width: 160 }}
                data-testid="metric-window-hours-input"
              />
            </Form.Item>
          )}
        </Flex>
      </Form.Item>
      <Form.Item name="direction" label={t('form.direction')}>
        <Radio.Group aria-label={t('form.direction')}>
          {METRIC_DIRECTIONS.map((direction) => (
            <Radio key={direction} value={direction} data-testid={`metric-direction-${direction}`}>
              {t(`directions.${direction}`)}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      {type !== 'conversion' && (
        <>
          <Form.Item name={['capping', 'kind']} label={t('form.capping')} extra={t('form.cappingHelp')}>
            <Radio.Group
              aria-label={t('form.capping')}
              onChange={(event) =>
                form.setFieldValue(['capping', 'value'], STARTING_VALUE[event.target.value as CappingKind])
              }
            >
              {METRIC_CAPPINGS.map((kind) => (
                <Radio key={kind} value={kind} data-testid={`metric-capping-${kind}`}>
                  {t(`cappings.${kind}`)}
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
          {capping === 'absolute' && (
            <Form.Item name={['capping', 'value']} label={t('form.cap')} rules={[rules.number('cap'), rules.cap()]}>
              <InputNumber style={{ width: 200 }} data-testid="metric-capping-value" />
            </Form.Item>
          )}
          {capping === 'percentile' && (
            <Form.Item
              name={['capping', 'value']}
              label={t('form.percentile')}
              extra={t('form.percentileHelp')}
              rules={[rules.number('percentile'), rules.percentile()]}
            >
              <InputNumber step={0.01} style={{ width: 200 }} data-testid="metric-capping-value" />
            </Form.Item>
          )}
        </>
      )}
      <Form.Item
        name={['cuped', 'enabled']}
        valuePropName="checked"
        label={t('form.cuped')}
        extra={t('form.cupedHelp')}
      >
        <Switch data-testid="metric-cuped" />
      </Form.Item>
      {cuped && (
        <Form.Item name={['cuped', 'lookbackDays']} label={t('form.lookback')} rules={[rules.number('lookback')]}>
          <InputNumber
            min={1}
            max={MAX_CUPED_LOOKBACK_DAYS}
            precision={0}
            suffix={t('form.days')}
            style={{ width: 200 }}
            data-testid="metric-cuped-lookback"
          />
        </Form.Item>
      )}
    </>
  );
}
