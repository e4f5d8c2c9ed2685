import type { Role } from '@tabula/protocol';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const ROLE_COLORS: Record<Role, string> = { owner: 'gold', admin: 'purple', editor: 'blue', viewer: 'default' };

export function RoleTag({ role }: { role: Role }) {
  const { t } = useTranslation();
  return <Tag color={ROLE_COLORS[role]}>{t(`roles.${role}`)}</Tag>;
}
