import { AutoComplete } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StepProps } from './step-props';
import { WizardField, wizardFieldId } from './wizard-field';

/** Attributes that usually identify a unit; any other can be typed. */
const UNIT_ATTRIBUTES = ['id', 'userId', 'deviceId', 'sessionId', 'accountId'];

/** The attribute whose value splits units between versions: an experiment's and a template's alike. */
export function UnitAttributeField({ draft, onChange, problems }: Pick<StepProps, 'draft' | 'onChange' | 'problems'>) {
  const { t } = useTranslation('experiments');
  return (
    <WizardField
      label={t('labels.unitAttribute')}
      path="unitAttribute"
      problems={problems}
      required
      extra={t('wizard.basics.unitAttributeHelp')}
    >
      <AutoComplete
        id={wizardFieldId('unitAttribute')}
        value={draft.unitAttribute}
        options={UNIT_ATTRIBUTES.map((attribute) => ({ value: attribute }))}
        onChange={(unitAttribute: string) => onChange({ unitAttribute })}
        style={{ maxWidth: 320 }}
        data-testid="wizard-unit-attribute"
      />
    </WizardField>
  );
}
