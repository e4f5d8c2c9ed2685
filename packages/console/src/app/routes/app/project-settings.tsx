import { Button, Flex, Skeleton, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { NotFound } from '../../../components/errors/not-found';
import { PageHeader } from '../../../components/page-header';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { ApiKeysCard } from '../../../features/api-keys/components/api-keys-card';
import { EnvironmentsTable } from '../../../features/environments/components/environments-table';
import { useFlags } from '../../../features/flags/api/get-flags';
import { HoldoutCard } from '../../../features/holdouts/components/holdout-card';
import { useMetrics } from '../../../features/metrics/api/get-metrics';
import { ProjectMembersTable } from '../../../features/project-members/components/project-members-table';
import { useProject } from '../../../features/projects/api/get-project';
import { BreakdownAttributesCard } from '../../../features/projects/components/breakdown-attributes-card';
import { CustomScriptsCard } from '../../../features/projects/components/custom-scripts-card';
import { DeleteProjectCard } from '../../../features/projects/components/delete-project-card';
import { ProjectGeneralForm } from '../../../features/projects/components/project-general-form';
import { StaleFlagsForm } from '../../../features/projects/components/stale-flags-form';
import { StatisticsSettingsForm } from '../../../features/projects/components/statistics-settings-form';
import { TransferCard } from '../../../features/transfer/components/transfer-card';
import { WebhooksCard } from '../../../features/webhooks/components/webhooks-card';
import { useCan } from '../../../lib/authorization';
import { PROJECT_SETTINGS_TABS, type ProjectSettingsTab, projectPath } from '../../paths';
import { experimentPath } from './experiment-paths';

const isTab = (value: string): value is ProjectSettingsTab =>
  PROJECT_SETTINGS_TABS.includes(value as ProjectSettingsTab);

export function ProjectSettingsRoute() {
  const { t } = useTranslation('projects');
  const navigate = useNavigate();
  const { projectId = '', tab = 'general' } = useParams();
  const project = useProject(projectId);
  const canManageWebhooks = useCan('webhook:manage');
  // What a holdout may compare and cover: the project's metrics and flags, first page of each (100).
  const metrics = useMetrics(projectId, { limit: 100 });
  const flags = useFlags(projectId, { limit: 100 });

  if (!isTab(tab)) return <NotFound />;
  if (project.isPending) return <Skeleton active />;
  // An address naming no project never gets here (ProjectGuard).
  if (project.isError) {
    return (
      <>
        <ServerErrorAlert error={project.error} />
        <Button onClick={() => project.refetch()}>{t('common:actions.retry')}</Button>
      </>
    );
  }

  const { environments } = project.data;
  const label = (key: ProjectSettingsTab) => <span data-testid={`tab-${key}`}>{t(`settings.tabs.${key}`)}</span>;
  return (
    <>
      <PageHeader title={project.data.name} description={t('settings.description')} />
      <Tabs
        activeKey={tab}
        onChange={(key) => navigate(projectPath(projectId, key as ProjectSettingsTab))}
        items={[
          {
            key: 'general',
            label: label('general'),
            children: (
              <Flex vertical gap={24}>
                <ProjectGeneralForm key={project.data.id} project={project.data} />
                <StaleFlagsForm key={`stale-${project.data.id}`} project={project.data} />
                <CustomScriptsCard project={project.data} />
                <TransferCard projectId={projectId} />
                <DeleteProjectCard project={project.data} onDeleted={() => navigate('/projects', { replace: true })} />
              </Flex>
            ),
          },
          {
            key: 'statistics',
            label: label('statistics'),
            children: (
              <Flex vertical gap={24}>
                <StatisticsSettingsForm key={project.data.id} project={project.data} />
                <BreakdownAttributesCard key={`breakdowns-${project.data.id}`} project={project.data} />
              </Flex>
            ),
          },
          {
            key: 'environments',
            label: label('environments'),
            children: <EnvironmentsTable projectId={projectId} environments={environments} />,
          },
          {
            key: 'members',
            label: label('members'),
            children: <ProjectMembersTable projectId={projectId} />,
          },
          {
            key: 'api-keys',
            label: label('api-keys'),
            children: <ApiKeysCard projectId={projectId} environments={environments} />,
          },
          {
            key: 'holdout',
            label: label('holdout'),
            children: (
              <HoldoutCard
                projectId={projectId}
                metricKeys={metrics.data?.metrics.map((metric) => metric.key) ?? []}
                flagKeys={flags.data?.flags.map((flag) => flag.key) ?? []}
                reportPath={(key) => experimentPath(projectId, key, 'results')}
              />
            ),
          },
          // Webhook URLs (a chat tool's especially) are credentials: only those who manage them see the tab.
          ...(canManageWebhooks
            ? [{ key: 'webhooks', label: label('webhooks'), children: <WebhooksCard projectId={projectId} /> }]
            : []),
        ]}
      />
    </>
  );
}
