import type { DecisionRule } from '@tabula/protocol';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The planned duration as a phrase, or a dash when none was planned. */
export function PlannedDaysText({ days }: { days: number | null }) {
  const { t } = useTranslation('experiments');
  return days === null ? <Typography.Text type="secondary">—</Typography.Text> : t('plan.daysCount', { count: days });
}

/** The decision rule in words, or a dash when none was agreed. */
export function DecisionRuleText({ rule }: { rule: DecisionRule | null }) {
  const { t } = useTranslation('experiments');
  if (!rule) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <span data-testid="decision-rule">
      {t(`plan.ship.${rule.ship}`)} · {t(`plan.guardrails.${rule.guardrails}`)}
    </span>
  );
}
