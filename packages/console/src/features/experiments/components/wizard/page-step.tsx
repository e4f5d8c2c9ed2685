import { PAGE_MATCHES } from '@tabula/protocol';
import { Form, Input, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StepProps } from './step-props';
import { WizardField, wizardFieldId } from './wizard-field';

/** Visual experiments only: the page the visual editor changes and the SDK recognises. */
export function PageStep({ draft, onChange, problems }: StepProps) {
  const { t } = useTranslation('experiments');
  return (
    <Form layout="vertical" component="div" style={{ maxWidth: 640 }}>
      <WizardField
        label={t('labels.url')}
        path="page.url"
        problems={problems}
        required
        extra={t('wizard.page.urlHelp')}
      >
        <Input
          id={wizardFieldId('page.url')}
          value={draft.page.url}
          type="url"
          inputMode="url"
          placeholder="https://www.example.com/checkout"
          data-testid="wizard-page-url"
          onChange={(event) => onChange({ page: { ...draft.page, url: event.target.value } })}
        />
      </WizardField>
      <WizardField
        label={t('labels.openUrl')}
        path="page.openUrl"
        problems={problems}
        extra={t('wizard.page.openUrlHelp')}
      >
        <Input
          id={wizardFieldId('page.openUrl')}
          value={draft.page.openUrl}
          type="url"
          inputMode="url"
          placeholder={draft.page.url.includes('*') ? 'https://www.example.com/checkout' : draft.page.url.trim()}
          data-testid="wizard-page-open-url"
          onChange={(event) => onChange({ page: { ...draft.page, openUrl: event.target.value } })}
        />
      </WizardField>
      <WizardField label={t('labels.matchType')} path="page.match" problems={problems} required group>
        <Radio.Group
          value={draft.page.match}
          data-testid="wizard-page-match"
          onChange={(event) => onChange({ page: { ...draft.page, match: event.target.value } })}
        >
          <Space orientation="vertical">
            {PAGE_MATCHES.map((match) => (
              <Radio key={match} value={match} data-testid={`wizard-page-match-${match}`}>
                <Typography.Text strong>{t(`matchTypes.${match}`)}</Typography.Text>
                <Typography.Text type="secondary"> — {t(`wizard.page.matchHelp.${match}`)}</Typography.Text>
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      </WizardField>
    </Form>
  );
}
