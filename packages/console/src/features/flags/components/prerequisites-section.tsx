import { EditOutlined } from '@ant-design/icons';
import type { Flag, Prerequisite } from '@tabula/protocol';
import { App, Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PrerequisitesModal } from './prerequisites-modal';

interface PrerequisitesSectionProps {
  projectId: string;
  flag: Flag;
  environment: { key: string; name: string };
  canWrite: boolean;
}

const NONE: Prerequisite[] = [];

/** The flags this one requires in one environment, as sentences; editors change them in a dialog. */
export function PrerequisitesSection({ projectId, flag, environment, canWrite }: PrerequisitesSectionProps) {
  const { t } = useTranslation('flags');
  const { message } = App.useApp();
  const [editing, setEditing] = useState(false);
  const prerequisites = flag.environments[environment.key]?.prerequisites ?? NONE;
  const editable = canWrite && flag.archivedAt === null;

  return (
    <Flex vertical gap={4} data-testid={`prerequisites-${environment.key}`}>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('prerequisites.heading')}
        </Typography.Title>
        {editable && (
          <Button
            size="small"
            icon={<EditOutlined />}
            onClick={() => setEditing(true)}
            data-testid={`prerequisites-edit-${environment.key}`}
          >
            {t('prerequisites.edit')}
          </Button>
        )}
      </Flex>
      <Typography.Text type="secondary">{t('prerequisites.description')}</Typography.Text>
      {prerequisites.length === 0 ? (
        <Typography.Text type="secondary">{t('prerequisites.none')}</Typography.Text>
      ) : (
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {prerequisites.map((prerequisite) => (
            <li key={prerequisite.flag} data-testid="prerequisite-sentence">
              {t('prerequisites.sentence', {
                flag: prerequisite.flag,
                variants: prerequisite.variants.join(t('prerequisites.or')),
              })}
            </li>
          ))}
        </ul>
      )}
      {/* Mounted only while open: the flags to choose from are fetched then, not with every panel. */}
      {editable && editing && (
        <PrerequisitesModal
          projectId={projectId}
          flag={flag}
          environment={environment}
          prerequisites={prerequisites}
          open
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            void message.success(t('prerequisites.saved'));
          }}
        />
      )}
    </Flex>
  );
}
