import type { BanditSettings } from '@tabula/protocol';
import { Form, InputNumber, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StepProps } from './step-props';

/** The server's defaults: hourly recomputation after a day of equal weights, no version below 1%. */
const DEFAULT_BANDIT: BanditSettings = { scheduleMinutes: 60, burnInHours: 24, minWeight: 100 };

/** A bandit moves traffic by the one primary metric; the server refuses it with any other number of them. */
export function BanditField({ draft, onChange }: Pick<StepProps, 'draft' | 'onChange'>) {
  const { t } = useTranslation('experiments');
  const { bandit } = draft;
  const set = (changes: Partial<BanditSettings>) => bandit && onChange({ bandit: { ...bandit, ...changes } });
  return (
    <>
      <Form.Item label={t('wizard.bandit.label')} htmlFor="wizard-bandit" extra={t('wizard.bandit.help')}>
        <Switch
          id="wizard-bandit"
          checked={bandit !== null}
          onChange={(on) => onChange({ bandit: on ? DEFAULT_BANDIT : null })}
          data-testid="wizard-bandit"
        />
      </Form.Item>
      {bandit && (
        <Space wrap size="large">
          <Form.Item label={t('wizard.bandit.scheduleMinutes')} htmlFor="wizard-bandit-schedule">
            <InputNumber
              id="wizard-bandit-schedule"
              min={60}
              max={10_080}
              step={60}
              value={bandit.scheduleMinutes}
              onChange={(value) => set({ scheduleMinutes: value ?? DEFAULT_BANDIT.scheduleMinutes })}
            />
          </Form.Item>
          <Form.Item label={t('wizard.bandit.burnInHours')} htmlFor="wizard-bandit-burn-in">
            <InputNumber
              id="wizard-bandit-burn-in"
              min={0}
              max={720}
              value={bandit.burnInHours}
              onChange={(value) => set({ burnInHours: value ?? DEFAULT_BANDIT.burnInHours })}
            />
          </Form.Item>
          <Form.Item label={t('wizard.bandit.minWeight')} htmlFor="wizard-bandit-min-weight">
            <InputNumber
              id="wizard-bandit-min-weight"
              min={0}
              max={50}
              step={0.5}
              value={bandit.minWeight / 100}
              onChange={(value) => set({ minWeight: Math.round((value ?? 1) * 100) })}
            />
          </Form.Item>
        </Space>
      )}
    </>
  );
}
