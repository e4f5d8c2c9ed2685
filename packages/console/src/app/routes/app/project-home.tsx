import type { GettingStartedStep } from '@tabula/protocol';
import { Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useApiKeys } from '../../../features/api-keys/api/get-api-keys';
import { useGettingStarted } from '../../../features/project-home/api/get-getting-started';
import { ClientKeysCard } from '../../../features/project-home/components/client-keys-card';
import { DemoLinkCard } from '../../../features/project-home/components/demo-link-card';
import { GettingStartedChecklist } from '../../../features/project-home/components/getting-started-checklist';
import { useProject } from '../../../features/projects/api/get-project';
import { flagsPath, integrationPath, metricsPath, projectPath } from '../../paths';
import { experimentsPath } from './experiment-paths';

/** Often enough to tick a step off soon after it happens in another tab (a page loading the SDK). */
const LIVE_CHECK_MS = 10_000;

const STEP_PATHS: Record<GettingStartedStep, (projectId: string) => string> = {
  sdk: integrationPath,
  flag: flagsPath,
  metric: metricsPath,
  experiment: experimentsPath,
};

export function ProjectHomeRoute() {
  const { t } = useTranslation('projects');
  const { projectId = '' } = useParams();
  const project = useProject(projectId);
  const checklist = useGettingStarted(projectId, { refetchInterval: LIVE_CHECK_MS });
  const keys = useApiKeys(projectId);
  const clientKeys = keys.data?.filter((key) => key.kind === 'client' && !key.revokedAt);
  const demoKey = checklist.data?.demoClientKey;

  return (
    <>
      <PageHeader title={project.data?.name ?? t('home.title')} description={t('home.description')} />
      <ServerErrorAlert error={project.error ?? checklist.error ?? keys.error} />
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={14}>
          <GettingStartedChecklist items={checklist.data?.items} stepHref={(step) => STEP_PATHS[step](projectId)} />
        </Col>
        <Col xs={24} lg={10}>
          <Row gutter={[24, 24]}>
            {demoKey && (
              <Col span={24}>
                <DemoLinkCard origin={window.location.origin} clientKey={demoKey} />
              </Col>
            )}
            <Col span={24}>
              <ClientKeysCard
                clientKeys={clientKeys}
                createKeyLink={
                  <Link to={projectPath(projectId, 'api-keys')} data-testid="project-home-create-key">
                    {t('home.keys.create')}
                  </Link>
                }
              />
            </Col>
          </Row>
        </Col>
      </Row>
    </>
  );
}
