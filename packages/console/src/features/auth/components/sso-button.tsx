import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { rememberSsoReturn, SSO_START_URL } from '../sso-return';

/** Leaves the console for the identity provider: a full page navigation, not a fetch. */
export function SsoButton({ label, returnTo }: { label: string; returnTo: string }) {
  const { t } = useTranslation('auth');
  return (
    <Button
      block
      size="large"
      icon={<SafetyCertificateOutlined />}
      data-testid="sso-button"
      onClick={() => {
        rememberSsoReturn(returnTo);
        window.location.assign(SSO_START_URL);
      }}
    >
      {t('login.sso', { label })}
    </Button>
  );
}
