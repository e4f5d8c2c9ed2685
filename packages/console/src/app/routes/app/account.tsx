import { Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { ChangePasswordCard } from '../../../features/account/components/change-password-card';
import { MfaRequiredAlert } from '../../../features/account/components/mfa-required-alert';
import { SessionsCard } from '../../../features/account/components/sessions-card';
import { TwoFactorCard } from '../../../features/account/components/two-factor-card';
import { ProfileCard } from '../../../features/settings/components/profile-card';
import { useMfaSetupRequired } from '../../../lib/auth';
import { safeRedirect } from '../../../lib/redirect';
import type { MfaSetupState } from '../../mfa-setup-guard';

export function AccountRoute() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const location = useLocation();
  const locked = useMfaSetupRequired();
  // Held here to set up a second factor: once it is, the user continues where they were going.
  const [wasLocked, setWasLocked] = useState(locked);
  if (locked && !wasLocked) setWasLocked(true);
  const from = safeRedirect((location.state as MfaSetupState | null)?.from, '/');

  const profile = <ProfileCard key="profile" />;
  const password = <ChangePasswordCard key="password" />;
  const twoFactor = <TwoFactorCard key="two-factor" />;
  const sessions = <SessionsCard key="sessions" onSignedOutEverywhere={() => navigate('/login', { replace: true })} />;

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <Flex vertical gap={24} style={{ maxWidth: 760 }}>
        <MfaRequiredAlert onContinue={wasLocked ? () => navigate(from, { replace: true }) : undefined} />
        {/* What is required comes first; the keys keep each card (and its open dialog) when the order changes. */}
        {locked ? [twoFactor, profile, password, sessions] : [profile, password, twoFactor, sessions]}
      </Flex>
    </>
  );
}
