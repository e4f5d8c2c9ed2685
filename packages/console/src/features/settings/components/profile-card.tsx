import { Card, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { RelativeTime } from '../../../components/relative-time';
import { RoleTag } from '../../../components/role-tag';
import { useUser } from '../../../lib/auth';

export function ProfileCard() {
  const { t } = useTranslation('settings');
  const me = useUser();
  return (
    <Card title={t('profile.title')}>
      <Descriptions
        column={1}
        items={[
          { key: 'name', label: t('profile.name'), children: me.user.name },
          { key: 'email', label: t('profile.email'), children: me.user.email },
          { key: 'organization', label: t('profile.organization'), children: me.organization.name },
          { key: 'role', label: t('profile.role'), children: <RoleTag role={me.role} /> },
          { key: 'since', label: t('profile.since'), children: <RelativeTime value={me.user.createdAt} /> },
        ]}
      />
    </Card>
  );
}
