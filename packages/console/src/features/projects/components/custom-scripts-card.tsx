import type { Project } from '@tabula/protocol';
import { App, Card, Flex, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useCan } from '../../../lib/authorization';
import { useUpdateProject } from '../api/update-project';

/**
 * Whether visual experiments' versions may run custom JavaScript. Off by default: a script runs on every visitor's
 * page, so an admin decides, and only admins write one in the visual editor.
 */
export function CustomScriptsCard({ project }: { project: Project }) {
  const { t } = useTranslation('projects');
  const { message } = App.useApp();
  const canWrite = useCan('project:write');
  const update = useUpdateProject(project.id);
  return (
    <Card title={t('customScripts.title')}>
      <Typography.Paragraph type="secondary">{t('customScripts.description')}</Typography.Paragraph>
      <ServerErrorAlert error={update.error} />
      <Flex gap={12} align="center">
        <Switch
          id="custom-scripts"
          checked={project.customScripts}
          disabled={!canWrite}
          loading={update.isPending}
          data-testid="custom-scripts"
          onChange={(customScripts) =>
            update.mutate({ customScripts }, { onSuccess: () => void message.success(t('customScripts.saved')) })
          }
        />
        <label htmlFor="custom-scripts">{t('customScripts.label')}</label>
      </Flex>
    </Card>
  );
}
