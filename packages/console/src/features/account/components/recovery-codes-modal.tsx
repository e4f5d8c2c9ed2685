import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes';
import { MfaCodeModal } from './mfa-code-modal';

/** A code from the app in exchange for a new set of recovery codes; the old set stops working. */
export function RecoveryCodesModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('account');
  const regenerate = useRegenerateRecoveryCodes();

  return (
    <MfaCodeModal
      open={open}
      onClose={onClose}
      mutation={regenerate}
      title={t('mfa.regenerate.title')}
      submitText={t('mfa.regenerate.submit')}
      submitTestId="regenerate-submit"
      formName="regenerate-recovery-codes"
      codeTestId="regenerate-code"
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
        {t('mfa.regenerate.description')}
      </Typography.Paragraph>
    </MfaCodeModal>
  );
}
