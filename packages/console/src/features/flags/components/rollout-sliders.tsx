import { BUCKETS } from '@tabula/protocol';
import { Flex, InputNumber, Slider, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPercent, type RolloutWeight, setWeight, toPercent, weightsTotal } from '../utils/rollout';

interface RolloutSlidersProps {
  weights: RolloutWeight[];
  onChange: (weights: RolloutWeight[]) => void;
  disabled?: boolean;
  /** The value each variant serves, shown beside its name. */
  describe?: (variant: string) => string;
  testId?: string;
}

/**
 * One slider and one number per variant. A share the person set stays as set: only the variants they have not
 * touched yet absorb the difference, and the sum is shown (flagged when it is not 100%). Weights are basis points;
 * the inputs show percent with two decimals.
 */
export function RolloutSliders({ weights, onChange, disabled, describe, testId = 'rollout' }: RolloutSlidersProps) {
  const { t } = useTranslation('flags');
  // Which variants the person has set on this page; a share loaded from the server may still absorb.
  const [typed, setTyped] = useState<ReadonlySet<string>>(() => new Set());
  const set = (index: number, percent: number | null) => {
    const variant = weights[index]?.variant;
    if (variant === undefined) return;
    onChange(setWeight(weights, index, fromPercent(percent ?? 0), typed));
    if (!typed.has(variant)) setTyped(new Set(typed).add(variant));
  };
  const total = weightsTotal(weights);

  return (
    <Flex vertical gap={4} data-testid={testId}>
      {weights.map((entry, index) => (
        // On a phone the slider and its number move below the variant instead of running out of the card.
        <Flex key={entry.variant} align="center" gap={12} wrap data-testid={`${testId}-${entry.variant}`}>
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
      {weights.length > 1 && (
        <Typography.Text
          type={total === BUCKETS ? 'secondary' : 'danger'}
          style={{ alignSelf: 'flex-end' }}
          data-testid={`${testId}-total`}
        >
          {total === BUCKETS
            ? t('serve.total', { percent: toPercent(total) })
            : t('serve.totalOff', { percent: toPercent(total) })}
        </Typography.Text>
      )}
    </Flex>
  );
}
