import { DECISION_GUARDRAIL_RULES, DECISION_SHIP_RULES, type DecisionRule, PLANNED_DAYS } from '@tabula/protocol';
import { Form, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StepProps } from './step-props';

const NO_RULE = 'none';

/** How long the experiment is planned to run and the rule its results are judged by, agreed before it starts. */
export function PlanFields({ draft, onChange }: Pick<StepProps, 'draft' | 'onChange'>) {
  const { t } = useTranslation('experiments');
  const rule = draft.decisionRule;
  const setShip = (ship: DecisionRule['ship'] | typeof NO_RULE) =>
    onChange({ decisionRule: ship === NO_RULE ? null : { guardrails: rule?.guardrails ?? 'none_regress', ship } });
  return (
    <>
      <Form.Item label={t('plan.plannedDays')} htmlFor="wizard-planned-days" extra={t('plan.plannedDaysHelp')}>
        <InputNumber
          id="wizard-planned-days"
          min={PLANNED_DAYS.min}
          max={PLANNED_DAYS.max}
          precision={0}
          value={draft.plannedDays}
          onChange={(days) => onChange({ plannedDays: typeof days === 'number' ? days : null })}
          addonAfter={t('plan.days')}
          data-testid="wizard-planned-days"
        />
      </Form.Item>
      <Form.Item label={t('plan.shipRule')} htmlFor="wizard-ship-rule" extra={t('plan.shipRuleHelp')}>
        <Select
          id="wizard-ship-rule"
          value={rule?.ship ?? NO_RULE}
          options={[NO_RULE, ...DECISION_SHIP_RULES].map((value) => ({ value, label: t(`plan.ship.${value}`) }))}
          onChange={setShip}
          data-testid="wizard-ship-rule"
        />
      </Form.Item>
      {rule && (
        <Form.Item label={t('plan.guardrailRule')} htmlFor="wizard-guardrail-rule">
          <Select
            id="wizard-guardrail-rule"
            value={rule.guardrails}
            options={DECISION_GUARDRAIL_RULES.map((value) => ({ value, label: t(`plan.guardrails.${value}`) }))}
            onChange={(guardrails: DecisionRule['guardrails']) => onChange({ decisionRule: { ...rule, guardrails } })}
            data-testid="wizard-guardrail-rule"
          />
        </Form.Item>
      )}
    </>
  );
}
