import type { Member, Role } from '@tabula/protocol';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { optionTestIds } from '../../../components/option-test-ids';
import { RoleTag } from '../../../components/role-tag';
import { useUser } from '../../../lib/auth';
import { assignableRoles, can, useCan } from '../../../lib/authorization';

interface MemberRoleSelectProps {
  member: Member;
  pending: boolean;
  onChange: (role: Role) => void;
}

/**
 * A role the current user may change shows as a select, any other as a tag: one's own role,
 * and an owner's unless one is an owner, are not theirs to change.
 */
export function MemberRoleSelect({ member, pending, onChange }: MemberRoleSelectProps) {
  const { t } = useTranslation('organization');
  const me = useUser();
  const canManage = useCan('member:manage');
  const isSelf = member.user.id === me.user.id;
  const editable = canManage && !isSelf && (member.role !== 'owner' || can(me.role, 'owner:assign'));
  if (!editable) return <RoleTag role={member.role} />;
  return (
    <Select
      size="small"
      value={member.role}
      loading={pending}
      onChange={onChange}
      style={{ width: 130 }}
      aria-label={t('members.roleOf', { name: member.user.name })}
      data-testid={`member-role-${member.user.id}`}
      optionRender={optionTestIds('role-option')}
      options={assignableRoles(me.role).map((role) => ({
        value: role,
        label: t(`common:roles.${role}`),
      }))}
    />
  );
}
