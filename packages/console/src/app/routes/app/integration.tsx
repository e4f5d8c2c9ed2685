import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useApiKeys } from '../../../features/api-keys/api/get-api-keys';
import { SdkInstancesCard } from '../../../features/flag-usage/components/sdk-instances-card';
import { IntegrationStatus } from '../../../features/integration/components/integration-status';
import { SnippetGenerator } from '../../../features/integration/components/snippet-generator';
import { familyOf } from '../../../lib/platform/edition';
import { useEdition } from '../../../lib/platform/platform';
import { projectPath } from '../../paths';

/** How often the live check asks whether a page has loaded the SDK. */
const LIVE_CHECK_MS = 5_000;

export function IntegrationRoute() {
  const { t } = useTranslation('integration');
  const { projectId = '' } = useParams();
  const keys = useApiKeys(projectId, { refetchInterval: LIVE_CHECK_MS });
  const family = familyOf(useEdition());
  const clientKeys = (keys.data ?? []).filter((key) => key.kind === 'client' && !key.revokedAt);

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <ServerErrorAlert error={keys.error} />
      <Flex vertical gap={24}>
        {/* The answer people wait for after pasting the code comes first. */}
        <IntegrationStatus clientKeys={clientKeys} loading={keys.isPending} />
        <SnippetGenerator
          key={projectId}
          projectId={projectId}
          clientKeys={clientKeys}
          loading={keys.isPending}
          origin={window.location.origin}
          family={family}
          createKeyLink={<Link to={projectPath(projectId, 'api-keys')}>{t('generator.createKey')}</Link>}
        />
        <SdkInstancesCard projectId={projectId} />
      </Flex>
    </>
  );
}
