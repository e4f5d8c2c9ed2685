import { DeleteOutlined, UserAddOutlined } from '@ant-design/icons';
import type { Invitation } from '@tabula/protocol';
import { Button, Flex, Popconfirm, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { RelativeTime } from '../../../components/relative-time';
import { RoleTag } from '../../../components/role-tag';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useInvitations } from '../api/get-invitations';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { InviteMemberModal } from './invite-member-modal';

/** Pending invitations; the app shows this only to those who manage invitations. */
export function InvitationsTable() {
  const { t } = useTranslation('organization');
  const invitations = useInvitations();
  const revoke = useRevokeInvitation();
  const [inviting, setInviting] = useState(false);

  const columns: TableColumnsType<Invitation> = [
    {
      title: t('invitations.email'),
      dataIndex: 'email',
      key: 'email',
      render: (email: string | null) =>
        email ?? <Typography.Text type="secondary">{t('invitations.anyone')}</Typography.Text>,
    },
    {
      title: t('invitations.role'),
      dataIndex: 'role',
      key: 'role',
      render: (role: Invitation['role']) => <RoleTag role={role} />,
    },
    {
      title: t('invitations.createdBy'),
      key: 'createdBy',
      render: (_, invitation) => (
        <>
          {invitation.createdBy?.name ?? '—'}{' '}
          <Typography.Text type="secondary">
            · <RelativeTime value={invitation.createdAt} />
          </Typography.Text>
        </>
      ),
    },
    {
      title: t('invitations.expires'),
      dataIndex: 'expiresAt',
      key: 'expiresAt',
      render: (value: string) => <RelativeTime value={value} />,
    },
    {
      key: 'actions',
      align: 'right',
      render: (_, invitation) => (
        <Popconfirm
          title={t('invitations.revokeConfirm')}
          description={t('invitations.revokeDescription')}
          okText={t('common:actions.revoke')}
          cancelText={t('common:actions.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={() => revoke.mutate(invitation.id)}
        >
          <Button size="small" danger icon={<DeleteOutlined />} data-testid={`revoke-invitation-${invitation.id}`}>
            {t('common:actions.revoke')}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  const inviteButton = (testId: string) => (
    <Button type="primary" icon={<UserAddOutlined />} onClick={() => setInviting(true)} data-testid={testId}>
      {t('invitations.invite')}
    </Button>
  );

  return (
    <>
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }} gap={16}>
        <Typography.Text type="secondary">{t('invitations.description')}</Typography.Text>
        {inviteButton('invite-member')}
      </Flex>
      <ServerErrorAlert error={invitations.error ?? revoke.error} />
      <Table
        rowKey="id"
        columns={columns}
        dataSource={invitations.data ?? []}
        loading={invitations.isPending}
        pagination={false}
        data-testid="invitations-table"
        locale={{
          emptyText: (
            <EmptyState
              title={t('invitations.empty')}
              description={t('invitations.emptyDescription')}
              action={inviteButton('invite-member-empty')}
            />
          ),
        }}
      />
      <InviteMemberModal open={inviting} onClose={() => setInviting(false)} />
    </>
  );
}
