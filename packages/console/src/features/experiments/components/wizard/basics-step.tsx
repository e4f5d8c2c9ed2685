import { EXPERIMENT_KINDS } from '@tabula/protocol';
import { Form, Input, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { keyFromName } from '../../utils/keys';
import { ReRandomiseWarning } from './re-randomise-warning';
import type { StepProps } from './step-props';
import { UnitAttributeField } from './unit-attribute-field';
import { WizardField, wizardFieldId } from './wizard-field';

export function BasicsStep({ draft, onChange, problems, saved, reRandomising }: StepProps) {
  const { t } = useTranslation('experiments');
  // A saved experiment keeps its key and kind: code and the visual editor already refer to them.
  const fixed = saved !== undefined;
  return (
    <Form layout="vertical" component="div" style={{ maxWidth: 640 }}>
      <ReRandomiseWarning changes={reRandomising.filter((change) => change === 'unitAttribute')} />
      <WizardField label={t('labels.name')} path="name" problems={problems} required>
        <Input
          id={wizardFieldId('name')}
          value={draft.name}
          autoFocus
          maxLength={100}
          placeholder={t('wizard.basics.namePlaceholder')}
          data-testid="wizard-name"
          onChange={(event) => {
            const name = event.target.value;
            onChange(draft.keyEdited ? { name } : { name, key: keyFromName(name) });
          }}
        />
      </WizardField>
      <WizardField
        label={t('labels.key')}
        path="key"
        problems={problems}
        required
        extra={fixed ? t('wizard.basics.keyFixed') : t('wizard.basics.keyHelp')}
      >
        <Input
          id={wizardFieldId('key')}
          value={draft.key}
          disabled={fixed}
          maxLength={64}
          data-testid="wizard-key"
          // Emptying the key hands it back to the name.
          onChange={(event) => onChange({ key: event.target.value, keyEdited: event.target.value !== '' })}
        />
      </WizardField>
      <WizardField label={t('labels.hypothesis')} path="hypothesis" problems={problems}>
        <Input.TextArea
          id={wizardFieldId('hypothesis')}
          value={draft.hypothesis}
          rows={3}
          maxLength={1000}
          showCount
          placeholder={t('wizard.basics.hypothesisPlaceholder')}
          data-testid="wizard-hypothesis"
          onChange={(event) => onChange({ hypothesis: event.target.value })}
        />
      </WizardField>
      <WizardField label={t('labels.kind')} path="kind" problems={problems} required group>
        <Radio.Group
          value={draft.kind}
          disabled={fixed}
          data-testid="wizard-kind"
          onChange={(event) => onChange({ kind: event.target.value })}
        >
          <Space orientation="vertical">
            {EXPERIMENT_KINDS.map((kind) => (
              <Radio key={kind} value={kind} data-testid={`wizard-kind-${kind}`}>
                <Typography.Text strong>{t(`kinds.${kind}`)}</Typography.Text>
                <Typography.Text type="secondary"> — {t(`wizard.basics.kindHelp.${kind}`)}</Typography.Text>
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      </WizardField>
      <UnitAttributeField draft={draft} onChange={onChange} problems={problems} />
    </Form>
  );
}
