import { CopyOutlined, EditOutlined } from '@ant-design/icons';
import type { Flag } from '@tabula/protocol';
import { Alert, App, Button, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useCan } from '../../../lib/authorization';
import { CloneFlagModal } from './clone-flag-modal';
import { EditFlagModal } from './edit-flag-modal';
import { FlagLifecycleMenu } from './flag-lifecycle-menu';
import { FlagTypeTag } from './flag-type-tag';

interface FlagHeaderProps {
  projectId: string;
  flag: Flag;
  onDeleted: () => void;
  /** After cloning: the page of the new flag. */
  onCloned?: (clone: Flag) => void;
}

export function FlagHeader({ projectId, flag, onDeleted, onCloned }: FlagHeaderProps) {
  const { t } = useTranslation('flags');
  const canWrite = useCan('flag:write');
  const { message } = App.useApp();
  const [editing, setEditing] = useState(false);
  const [cloning, setCloning] = useState(false);
  const archived = flag.archivedAt !== null;

  return (
    <>
      <PageHeader
        title={
          <Flex align="center" gap={8} wrap>
            <span data-testid="flag-title">{flag.name}</span>
            {archived && <Tag>{t('list.archived')}</Tag>}
          </Flex>
        }
        description={
          <Flex vertical gap={6} component="span">
            <Flex align="center" gap={8} wrap component="span">
              <Typography.Text code copyable={{ text: flag.key }} data-testid="flag-key-label">
                {flag.key}
              </Typography.Text>
              <FlagTypeTag type={flag.type} />
              {flag.tags.map((tag) => (
                <Tag key={tag} style={{ margin: 0 }}>
                  {tag}
                </Tag>
              ))}
            </Flex>
            {flag.description && <span>{flag.description}</span>}
            {Object.keys(flag.metadata).length > 0 && (
              <Flex align="center" gap={6} wrap component="span" data-testid="flag-metadata">
                <Typography.Text type="secondary">{t('header.metadata')}</Typography.Text>
                {Object.entries(flag.metadata).map(([key, value]) => (
                  <Tag key={key} bordered={false} style={{ margin: 0 }}>
                    {key}: {String(value)}
                  </Tag>
                ))}
              </Flex>
            )}
          </Flex>
        }
        extra={
          canWrite && (
            <>
              <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="flag-edit">
                {t('edit.button')}
              </Button>
              <Button icon={<CopyOutlined />} onClick={() => setCloning(true)} data-testid="flag-clone">
                {t('clone.button')}
              </Button>
              <FlagLifecycleMenu projectId={projectId} flag={flag} onDeleted={onDeleted} labelled />
            </>
          )
        }
      />
      {archived && (
        <Alert
          type="warning"
          showIcon
          title={t('archivedNotice')}
          style={{ marginBottom: 16 }}
          data-testid="flag-archived"
        />
      )}
      {canWrite && <EditFlagModal projectId={projectId} flag={flag} open={editing} onClose={() => setEditing(false)} />}
      {canWrite && (
        <CloneFlagModal
          projectId={projectId}
          flag={flag}
          open={cloning}
          onClose={() => setCloning(false)}
          onCloned={(clone) => {
            setCloning(false);
            void message.success(t('clone.done', { key: clone.key }));
            onCloned?.(clone);
          }}
        />
      )}
    </>
  );
}
