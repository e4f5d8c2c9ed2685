import { Flex, InputNumber, Slider, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { fromPercent, type RolloutWeight, setWeight, toPercent } from '../utils/rollout';

interface RolloutSlidersProps {
  weights: RolloutWeight[];
  onChange: (weights: RolloutWeight[]) => void;
  disabled?: boolean;
  /** The value each variant serves, shown beside its name. */
  describe?: (variant: string) => string;
  testId?: string;
}

/**
 * One slider and one number per variant. They always add up to 100%: moving one shares the difference among the
 * others. Weights are basis points; the inputs show percent with two decimals.
 */
export function RolloutSliders({ weights, onChange, disabled, describe, testId = 'rollout' }: RolloutSlidersProps) {
  const { t } = useTranslation('flags');
  const set = (index: number, percent: number | null) => onChange(setWeight(weights, index, fromPercent(percent ?? 0)));

  return (
    <Flex vertical gap={4} data-testid={testId}>
      {weights.map((entry, index) => (
        <Flex key={entry.variant} align="center" gap={12} data-testid={`${testId}-${entry.variant}`}>
          <Typography.Text ellipsis style={{ width: 160, flex: 'none' }} title={describe?.(entry.variant)}>
            <Typography.Text strong>{entry.variant}</Typography.Text>
            {describe && <Typography.Text type="secondary"> {describe(entry.variant)}</Typography.Text>}
          </Typography.Text>
          <Slider
            style={{ flex: 1, minWidth: 120 }}
            min={0}
            max={100}
            step={1}
            disabled={disabled || weights.length === 1}
            value={toPercent(entry.weight)}
            onChange={(percent: number) => set(index, percent)}
            tooltip={{ formatter: (percent) => `${percent}%` }}
            ariaLabelForHandle={t('serve.weightOf', { variant: entry.variant })}
          />
          <InputNumber<number>
            style={{ width: 110 }}
            min={0}
            max={100}
            step={0.01}
            precision={2}
            suffix="%"
            disabled={disabled || weights.length === 1}
            value={toPercent(entry.weight)}
            onChange={(percent) => set(index, percent)}
            aria-label={t('serve.percentOf', { variant: entry.variant })}
          />
        </Flex>
      ))}
    </Flex>
  );
}
