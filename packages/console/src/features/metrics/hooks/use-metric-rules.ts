import { pageUrlPatternSchema, RESERVED_EVENT_PREFIX } from '@tabula/protocol';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';

type Noun =
  | 'key'
  | 'name'
  | 'event'
  | 'url'
  | 'selector'
  | 'property'
  | 'value'
  | 'hours'
  | 'cap'
  | 'percentile'
  | 'lookback';

const check = (ok: boolean, message: string) => (ok ? Promise.resolve() : Promise.reject(new Error(message)));
const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/** The metric form's rules: the spec §5 prompts with the metric's own field nouns, and the library's rules. */
export function useMetricRules() {
  const { t } = useTranslation('metrics');
  const input = (noun: Noun) => t('common:validation.input', { s: t(`fields.${noun}`) });
  return {
    required: (noun: Noun): Rule => ({ required: true, whitespace: true, message: input(noun) }),
    event: (): Rule => ({
      validator: (_, value?: string) => check(!value?.trim().startsWith(RESERVED_EVENT_PREFIX), t('rules.reserved')),
    }),
    url: (): Rule => ({
      validator: (_, value?: string) =>
        check(isBlank(value) || pageUrlPatternSchema.safeParse(value).success, t('rules.url')),
    }),
    /** gt, gte, lt and lte compare numbers. */
    numberFor: (numeric: boolean): Rule => ({
      validator: (_, value?: string) =>
        check(!numeric || isBlank(value) || Number.isFinite(Number(String(value).trim())), t('rules.number')),
    }),
    /** Summing needs a value, and only tracked events carry one. */
    carriesValue: (needed: boolean): Rule => ({
      validator: (_, kind?: string) => check(!needed || kind === 'event', t('rules.needsValue')),
    }),
    /** An aggregate of a source of this kind: only tracked events can be summed. */
    summable: (kind: string | undefined): Rule => ({
      validator: (_, aggregate?: string) => check(aggregate !== 'sum' || kind === 'event', t('rules.needsValue')),
    }),
    percentile: (): Rule => ({
      validator: (_, value?: number | null) =>
        check(isBlank(value) || (value! > 0 && value! < 1), t('rules.percentile')),
    }),
    cap: (): Rule => ({
      validator: (_, value?: number | null) => check(isBlank(value) || value! > 0, t('rules.cap')),
    }),
    /** InputNumber holds numbers; `required` with whitespace would call trim on them. */
    number: (noun: Noun): Rule => ({ required: true, type: 'number', message: input(noun) }),
  };
}
