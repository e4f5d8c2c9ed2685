import { PlusOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useUrlListState } from '../../../components/list-kit/use-url-list-state';
import { PageHeader } from '../../../components/page-header';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { UnknownFlagsAlert } from '../../../features/flag-usage/components/unknown-flags-alert';
import { CreateFlagModal } from '../../../features/flags/components/create-flag-modal';
import { FlagsTable } from '../../../features/flags/components/flags-table';
import { readListState, writeListState } from '../../../features/flags/utils/list-state';
import { useProject } from '../../../features/projects/api/get-project';
import { useCan } from '../../../lib/authorization';
import { flagPath } from '../../paths';

export function FlagsRoute() {
  const { t } = useTranslation('flags');
  const navigate = useNavigate();
  const { projectId = '' } = useParams();
  const [listState, setListState] = useUrlListState(readListState, writeListState);
  const project = useProject(projectId);
  const canWrite = useCan('flag:write');
  const [creating, setCreating] = useState(false);

  const createButton = (testId: string) =>
    canWrite && (
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid={testId}>
        {t('list.create')}
      </Button>
    );

  return (
    <>
      <PageHeader title={t('title')} description={t('list.description')} extra={createButton('create-flag-button')} />
      <ServerErrorAlert error={project.error} />
      <UnknownFlagsAlert projectId={projectId} />
      <Card>
        <FlagsTable
          projectId={projectId}
          environments={project.data?.environments ?? []}
          state={listState}
          onChange={setListState}
          flagHref={(flagKey) => flagPath(projectId, flagKey)}
          createButton={createButton('create-flag-button-empty') || undefined}
        />
      </Card>
      <CreateFlagModal
        projectId={projectId}
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(flag) => navigate(flagPath(projectId, flag.key))}
      />
    </>
  );
}
