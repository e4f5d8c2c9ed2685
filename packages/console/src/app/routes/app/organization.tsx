import { Card, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { NotFound } from '../../../components/errors/not-found';
import { PageHeader } from '../../../components/page-header';
import { InvitationsTable } from '../../../features/invitations/components/invitations-table';
import { MembersTable } from '../../../features/members/components/members-table';
import { SecuritySettings } from '../../../features/organization/components/security-settings';
import { useUser } from '../../../lib/auth';
import { useCan } from '../../../lib/authorization';
import { ORGANIZATION_TABS, type OrganizationTab, organizationPath } from '../../paths';

const isTab = (value: string): value is OrganizationTab => ORGANIZATION_TABS.includes(value as OrganizationTab);

export function OrganizationRoute() {
  const { t } = useTranslation('organization');
  const navigate = useNavigate();
  const me = useUser();
  const canInvite = useCan('invitation:manage');
  const canManage = useCan('organization:manage');
  const { tab = 'members' } = useParams();

  // Invitations and security settings are for those who may change them; to anyone else the tabs do not exist.
  const allowed: Record<OrganizationTab, boolean> = { members: true, invitations: canInvite, security: canManage };
  if (!isTab(tab) || !allowed[tab]) return <NotFound />;
  const label = (key: OrganizationTab) => <span data-testid={`tab-${key}`}>{t(`tabs.${key}`)}</span>;
  const panels: Record<OrganizationTab, ReactNode> = {
    members: <MembersTable />,
    invitations: <InvitationsTable />,
    security: <SecuritySettings />,
  };
  const items = ORGANIZATION_TABS.filter((key) => allowed[key]).map((key) => ({
    key,
    label: label(key),
    children: panels[key],
  }));

  return (
    <>
      <PageHeader title={me.organization.name} description={t('description')} />
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(key) => navigate(organizationPath(key as OrganizationTab))}
          items={items}
          // A tab shown again reloads its list: a colleague may have joined meanwhile.
          destroyOnHidden
        />
      </Card>
    </>
  );
}
