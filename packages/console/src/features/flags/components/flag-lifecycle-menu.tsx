import { DeleteOutlined, InboxOutlined, MoreOutlined, UndoOutlined } from '@ant-design/icons';
import type { Flag } from '@tabula/protocol';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFlagLifecycle } from '../hooks/use-flag-lifecycle';

interface FlagLifecycleMenuProps {
  projectId: string;
  flag: Flag;
  onDeleted?: (flag: Flag) => void;
  /** A labelled button (the flag page) rather than an icon (a row of the list). */
  labelled?: boolean;
}

/** Archive or restore a flag; delete one that is archived. */
export function FlagLifecycleMenu({ projectId, flag, onDeleted, labelled }: FlagLifecycleMenuProps) {
  const { t } = useTranslation('flags');
  const lifecycle = useFlagLifecycle(projectId, onDeleted);
  const archived = flag.archivedAt !== null;
  const items: MenuProps['items'] = archived
    ? [
        {
          key: 'restore',
          icon: <UndoOutlined />,
          label: t('lifecycle.restore'),
          onClick: () => lifecycle.restore(flag),
        },
        {
          key: 'delete',
          icon: <DeleteOutlined />,
          danger: true,
          label: t('common:actions.delete'),
          onClick: () => lifecycle.remove(flag),
        },
      ]
    : [
        {
          key: 'archive',
          icon: <InboxOutlined />,
          label: t('lifecycle.archive'),
          onClick: () => lifecycle.archive(flag),
        },
      ];

  return (
    <Dropdown menu={{ items }} trigger={['click']}>
      <Button
        type={labelled ? 'default' : 'text'}
        icon={<MoreOutlined />}
        loading={lifecycle.pending}
        aria-label={t('lifecycle.menu', { key: flag.key })}
        data-testid={`flag-menu-${flag.key}`}
      >
        {labelled && t('lifecycle.more')}
      </Button>
    </Dropdown>
  );
}
