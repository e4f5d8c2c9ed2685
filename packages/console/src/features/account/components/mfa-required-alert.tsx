import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMfaSetupRequired, useUser } from '../../../lib/auth';

interface MfaRequiredAlertProps {
  /** The page was opened because the second factor was missing; once it is set up, this takes the user on. */
  onContinue?: () => void;
}

/** Why the account page is all there is for now: the organization requires a second factor the user lacks. */
export function MfaRequiredAlert({ onContinue }: MfaRequiredAlertProps) {
  const { t } = useTranslation('account');
  const me = useUser();
  const required = useMfaSetupRequired();
  if (required) {
    return (
      <Alert
        type="warning"
        showIcon
        role="alert"
        data-testid="mfa-required"
        title={t('mfaRequired.title')}
        description={t('mfaRequired.description', { organization: me.organization.name })}
      />
    );
  }
  if (!onContinue) return null;
  return (
    <Alert
      type="success"
      showIcon
      data-testid="mfa-required-done"
      title={t('mfaRequired.done')}
      action={
        <Button type="primary" size="small" onClick={onContinue} data-testid="mfa-required-continue">
          {t('mfaRequired.continue')}
        </Button>
      }
    />
  );
}
