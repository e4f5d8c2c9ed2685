import { Flex, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StrengthScore } from '../../lib/password-strength';
import { usePasswordStrength } from './use-password-strength';

const STEPS: StrengthScore[] = [0, 1, 2, 3, 4];
/** Below this score the meter says why and what would help. */
const GOOD_ENOUGH: StrengthScore = 3;

interface PasswordStrengthMeterProps {
  password: string | undefined;
  /** The person's own details (email, name), which make a password easy to guess. */
  userInputs: string[];
}

/** A five-step bar with a word for it, and zxcvbn's advice while the password is still weak. */
export function PasswordStrengthMeter({ password, userInputs }: PasswordStrengthMeterProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const strength = usePasswordStrength(password, userInputs);
  if (!password) return null;

  const colors = [token.red6, token.orange6, token.gold6, token.lime7, token.green6];
  const score = strength?.score;
  const level = score === undefined ? t('passwordStrength.checking') : t(`passwordStrength.levels.${score}`);
  // zxcvbn names its advice by keys; one the bundles do not know is left out rather than shown as a key.
  const advice =
    strength && strength.score < GOOD_ENOUGH
      ? [
          strength.warning ? t(`passwordStrength.warnings.${strength.warning}`, { defaultValue: '' }) : '',
          ...strength.suggestions.map((key) => t(`passwordStrength.suggestions.${key}`, { defaultValue: '' })),
        ].filter(Boolean)
      : [];

  return (
    <div data-testid="password-strength" data-score={score ?? ''} style={{ marginTop: 8 }}>
      <Flex
        gap={4}
        role="meter"
        aria-label={t('passwordStrength.label')}
        aria-valuemin={0}
        aria-valuemax={4}
        aria-valuenow={score ?? 0}
        aria-valuetext={level}
      >
        {STEPS.map((step) => (
          <div
            key={step}
            style={{
              flex: 1,
              height: 4,
              borderRadius: 2,
              background: score !== undefined && step <= score ? colors[score] : token.colorFillSecondary,
              transition: 'background 0.2s',
            }}
          />
        ))}
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }} data-testid="password-strength-level">
        {t('passwordStrength.summary', { level })}
      </Typography.Text>
      {advice.length > 0 && (
        <ul style={{ margin: '2px 0 0', paddingInlineStart: 18 }} data-testid="password-strength-advice">
          {advice.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
