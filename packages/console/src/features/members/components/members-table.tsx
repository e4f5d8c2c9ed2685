import { UserDeleteOutlined } from '@ant-design/icons';
import type { Member } from '@tabula/protocol';
import { Avatar, Button, Flex, Popconfirm, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RelativeTime } from '../../../components/relative-time';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useUser } from '../../../lib/auth';
import { can, useCan } from '../../../lib/authorization';
import { useMembers } from '../api/get-members';
import { useRemoveMember } from '../api/remove-member';
import { useUpdateMemberRole } from '../api/update-member-role';
import { MemberRoleSelect } from './member-role-select';
import { PasswordResetButton } from './password-reset-button';

export function MembersTable() {
  const { t } = useTranslation('organization');
  const me = useUser();
  const canManage = useCan('member:manage');
  const members = useMembers();
  const updateRole = useUpdateMemberRole();
  const remove = useRemoveMember();
  // Admins manage everyone but owners; only an owner may remove another owner or reset their password.
  const manageable = (member: Member) =>
    member.user.id !== me.user.id && (member.role !== 'owner' || can(me.role, 'owner:assign'));

  const columns: TableColumnsType<Member> = [
    {
      title: t('members.name'),
      key: 'name',
      render: (_, member) => (
        <Flex align="center" gap={10}>
          <Avatar style={{ backgroundColor: '#eef0ff', color: '#4f46e5' }}>
            {(member.user.name || member.user.email).slice(0, 1).toUpperCase()}
          </Avatar>
          <Flex vertical>
            <Typography.Text strong>
              {member.user.name}
              {member.user.id === me.user.id && <Tag style={{ marginLeft: 8 }}>{t('members.you')}</Tag>}
            </Typography.Text>
            <Typography.Text type="secondary">{member.user.email}</Typography.Text>
          </Flex>
        </Flex>
      ),
    },
    {
      title: t('members.role'),
      key: 'role',
      render: (_, member) => (
        <MemberRoleSelect
          member={member}
          pending={updateRole.isPending && updateRole.variables?.userId === member.user.id}
          onChange={(role) => updateRole.mutate({ userId: member.user.id, role })}
        />
      ),
    },
    {
      title: t('members.joined'),
      dataIndex: 'joinedAt',
      key: 'joinedAt',
      render: (value: string) => <RelativeTime value={value} />,
    },
  ];
  if (canManage) {
    columns.push({
      key: 'actions',
      align: 'right',
      render: (_, member) =>
        manageable(member) && (
          <Flex gap={8} justify="flex-end" wrap>
            <PasswordResetButton member={member} />
            <Popconfirm
              title={t('members.removeConfirm', { name: member.user.name })}
              description={t('members.removeDescription')}
              okText={t('common:actions.remove')}
              cancelText={t('common:actions.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => remove.mutate(member.user.id)}
            >
              <Button
                size="small"
                danger
                icon={<UserDeleteOutlined />}
                aria-label={t('members.removeNamed', { name: member.user.name })}
                data-testid={`remove-member-${member.user.id}`}
              >
                {t('common:actions.remove')}
              </Button>
            </Popconfirm>
          </Flex>
        ),
    });
  }

  return (
    <>
      <ServerErrorAlert error={members.error ?? updateRole.error ?? remove.error} />
      <Table
        rowKey={(member) => member.user.id}
        columns={columns}
        dataSource={members.data ?? []}
        loading={members.isPending}
        pagination={false}
        // On a phone the columns keep their width and the table scrolls sideways.
        scroll={{ x: 'max-content' }}
        data-testid="members-table"
      />
    </>
  );
}
