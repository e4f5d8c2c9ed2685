import type { ProjectMember, ProjectRole } from '@tabula/protocol';
import { PROJECT_ROLES } from '@tabula/protocol';
import { Card, Select, Space, Switch, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { optionTestIds } from '../../../components/option-test-ids';
import { RoleTag } from '../../../components/role-tag';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useUser } from '../../../lib/auth';
import { useCan } from '../../../lib/authorization';
import { useErrorToast } from '../../../lib/use-error-toast';
import { useProjectMembers } from '../api/get-project-members';
import { useUpdateProjectMember } from '../api/update-project-member';

/** The select's value for "keep the organization role". */
const INHERIT = 'inherit';

interface ProjectMembersTableProps {
  projectId: string;
}

/**
 * Each member's role in this project, narrowed or raised from their organization role, and the grant to change
 * protected environments. Owners keep every right, and nobody changes their own access.
 */
export function ProjectMembersTable({ projectId }: ProjectMembersTableProps) {
  const { t } = useTranslation('projects');
  const me = useUser();
  const canManage = useCan('project:write');
  const members = useProjectMembers(projectId);
  const update = useUpdateProjectMember(projectId);
  const showError = useErrorToast();
  const editable = (member: ProjectMember) =>
    canManage && member.user.id !== me.user.id && member.organizationRole !== 'owner';
  const save = (member: ProjectMember, change: Partial<ProjectMember['override']>) =>
    update.mutateAsync({ userId: member.user.id, ...member.override, ...change }).catch(showError);

  const columns: TableColumnsType<ProjectMember> = [
    {
      title: t('members.member'),
      key: 'member',
      render: (_, member) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{member.user.name}</Typography.Text>
          <Typography.Text type="secondary">{member.user.email}</Typography.Text>
        </Space>
      ),
    },
    {
      title: t('members.organizationRole'),
      key: 'organizationRole',
      render: (_, member) => <RoleTag role={member.organizationRole} />,
    },
    {
      title: t('members.projectRole'),
      key: 'projectRole',
      render: (_, member) =>
        editable(member) ? (
          <Select<ProjectRole | typeof INHERIT>
            size="small"
            style={{ width: 190 }}
            value={member.override.role ?? INHERIT}
            onChange={(value) => void save(member, { role: value === INHERIT ? null : value })}
            aria-label={t('members.projectRoleOf', { name: member.user.name })}
            data-testid={`project-role-${member.user.id}`}
            optionRender={optionTestIds('project-role-option')}
            options={[
              { value: INHERIT, label: t('members.inherit') },
              ...PROJECT_ROLES.map((role) => ({ value: role, label: t(`common:roles.${role}`) })),
            ]}
          />
        ) : (
          <RoleTag role={member.access.role} />
        ),
    },
    {
      title: t('members.protected'),
      key: 'protected',
      render: (_, member) => {
        // Admins hold the grant by their role; viewers change nothing, so it would give them nothing.
        const byRole = member.access.role === 'admin' || member.access.role === 'owner';
        const pointless = member.access.role === 'viewer';
        if (!editable(member) || byRole || pointless) {
          return member.access.protectedEnvironments ? (
            <Tag color="red">{byRole ? t('members.protectedByRole') : t('members.protectedGranted')}</Tag>
          ) : (
            <Typography.Text type="secondary">—</Typography.Text>
          );
        }
        return (
          <Switch
            size="small"
            checked={member.override.protectedEnvironments}
            onChange={(checked) => void save(member, { protectedEnvironments: checked })}
            aria-label={t('members.protectedOf', { name: member.user.name })}
            data-testid={`project-protected-${member.user.id}`}
          />
        );
      },
    },
  ];

  return (
    <Card title={t('members.title')}>
      <Typography.Paragraph type="secondary">{t('members.description')}</Typography.Paragraph>
      <ServerErrorAlert error={members.error} />
      <Table
        rowKey={(member) => member.user.id}
        columns={columns}
        dataSource={members.data ?? []}
        loading={members.isPending || update.isPending}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="project-members-table"
      />
    </Card>
  );
}
