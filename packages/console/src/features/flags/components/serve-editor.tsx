import type { Serve, Variant } from '@tabula/protocol';
import { Flex, Input, Radio, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type ServeKind, serveOfKind } from '../utils/rules-draft';
import { formatVariantValue } from '../utils/variant-fields';
import { RolloutSliders } from './rollout-sliders';

/** The experiments a rule may serve from; null when the server offers no list, and the key is typed instead. */
export type ExperimentChoices = { key: string; name: string; status: string }[] | null;

interface ServeEditorProps {
  serve: Serve;
  onChange: (serve: Serve) => void;
  flag: { key: string; variants: Variant[]; defaultVariant: string | null };
  experiments: ExperimentChoices;
  disabled?: boolean;
  testId: string;
}

const KINDS: ServeKind[] = ['variant', 'rollout', 'experiment'];

/** What a matching rule serves: one variant, a percentage split over the variants, or an experiment's version. */
export function ServeEditor({ serve, onChange, flag, experiments, disabled, testId }: ServeEditorProps) {
  const { t } = useTranslation('flags');
  const variantValue = (key: string) => {
    const variant = flag.variants.find((candidate) => candidate.key === key);
    return variant ? formatVariantValue(variant.value) : '';
  };

  return (
    <Flex vertical gap={12}>
      <Radio.Group
        optionType="button"
        size="small"
        disabled={disabled}
        value={serve.kind}
        onChange={(event) => onChange(serveOfKind(event.target.value as ServeKind, flag))}
        options={KINDS.map((kind) => ({ value: kind, label: t(`serve.kinds.${kind}`) }))}
        data-testid={`${testId}-kind`}
      />
      {serve.kind === 'variant' && (
        <Select
          style={{ maxWidth: 360 }}
          disabled={disabled}
          value={serve.variant}
          aria-label={t('serve.variant')}
          onChange={(variant: string) => onChange({ kind: 'variant', variant })}
          options={flag.variants.map((variant) => ({
            value: variant.key,
            label: `${variant.key} · ${formatVariantValue(variant.value)}`,
          }))}
          data-testid={`${testId}-variant`}
        />
      )}
      {serve.kind === 'rollout' && (
        <Flex vertical gap={8}>
          <RolloutSliders
            weights={serve.weights}
            onChange={(weights) => onChange({ ...serve, weights })}
            disabled={disabled}
            describe={variantValue}
            testId={`${testId}-rollout`}
          />
          <Flex align="center" gap={8} wrap>
            <Typography.Text type="secondary">{t('serve.unitAttribute')}</Typography.Text>
            <Input
              size="small"
              style={{ width: 160 }}
              disabled={disabled}
              placeholder="id"
              value={serve.unitAttribute ?? ''}
              aria-label={t('serve.unitAttribute')}
              onChange={(event) => {
                const { unitAttribute: _previous, ...rest } = serve;
                const unitAttribute = event.target.value.trim();
                onChange(unitAttribute ? { ...rest, unitAttribute } : rest);
              }}
            />
          </Flex>
        </Flex>
      )}
      {serve.kind === 'experiment' && (
        <Flex gap={8} wrap align="center">
          {experiments ? (
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: 300 }}
              disabled={disabled}
              value={serve.experiment || undefined}
              placeholder={t('serve.experiment')}
              aria-label={t('serve.experiment')}
              onChange={(experiment: string) => onChange({ ...serve, experiment })}
              options={experiments.map((experiment) => ({
                value: experiment.key,
                label: `${experiment.name} (${experiment.key})`,
              }))}
              notFoundContent={t('serve.noExperiments')}
              data-testid={`${testId}-experiment`}
            />
          ) : (
            <Input
              style={{ width: 300 }}
              disabled={disabled}
              value={serve.experiment}
              placeholder={t('serve.experimentKey')}
              aria-label={t('serve.experimentKey')}
              onChange={(event) => onChange({ ...serve, experiment: event.target.value.trim() })}
              data-testid={`${testId}-experiment`}
            />
          )}
          <Input
            style={{ width: 280 }}
            disabled={disabled}
            value={serve.param ?? ''}
            placeholder={t('serve.paramPlaceholder', { key: flag.key })}
            aria-label={t('serve.param')}
            onChange={(event) => {
              const { param: _previous, ...rest } = serve;
              const param = event.target.value.trim();
              onChange(param ? { ...rest, param } : rest);
            }}
          />
          <Typography.Text type="secondary" style={{ flexBasis: '100%' }}>
            {t('serve.experimentHelp')}
          </Typography.Text>
        </Flex>
      )}
    </Flex>
  );
}
