import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { NotFound } from '../../../components/errors/not-found';
import { PageHeader } from '../../../components/page-header';
import { InvitationsTable } from '../../../features/invitations/components/invitations-table';
import { MembersTable } from '../../../features/members/components/members-table';
import { useUser } from '../../../lib/auth';
import { useCan } from '../../../lib/authorization';
import { ORGANIZATION_TABS, type OrganizationTab, organizationPath } from '../../paths';

const isTab = (value: string): value is OrganizationTab => ORGANIZATION_TABS.includes(value as OrganizationTab);

export function OrganizationRoute() {
  const { t } = useTranslation('organization');
  const navigate = useNavigate();
  const me = useUser();
  const canInvite = useCan('invitation:manage');
  const { tab = 'members' } = useParams();

  // Invitations are for those who may send them; to anyone else the tab does not exist.
  if (!isTab(tab) || (tab === 'invitations' && !canInvite)) return <NotFound />;
  const label = (key: OrganizationTab) => <span data-testid={`tab-${key}`}>{t(`tabs.${key}`)}</span>;
  const items = [{ key: 'members', label: label('members'), children: <MembersTable /> }];
  if (canInvite) items.push({ key: 'invitations', label: label('invitations'), children: <InvitationsTable /> });

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
