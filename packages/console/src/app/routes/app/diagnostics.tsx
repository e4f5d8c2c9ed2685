import type { DiagnosticsWindow } from '@tabula/protocol';
import { Alert, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { EnvironmentCard } from '../../../features/diagnostics/components/environment-card';
import { ErrorGroupsCard } from '../../../features/diagnostics/components/error-groups-card';
import { VitalsCard } from '../../../features/diagnostics/components/vitals-card';
import { WindowSelect } from '../../../features/diagnostics/components/window-select';
import { useCan } from '../../../lib/authorization';

export function DiagnosticsRoute() {
  const { t } = useTranslation('platform');
  const allowed = useCan('diagnostics:read');
  const [days, setDays] = useState<DiagnosticsWindow>(7);

  return (
    <>
      <PageHeader
        title={t('diagnostics.title')}
        description={t('diagnostics.description')}
        extra={allowed && <WindowSelect value={days} onChange={setDays} />}
      />
      {allowed ? (
        <Flex vertical gap={24}>
          <EnvironmentCard />
          <ErrorGroupsCard days={days} />
          <VitalsCard days={days} />
        </Flex>
      ) : (
        <Alert type="warning" showIcon title={t('diagnostics.adminsOnly')} data-testid="diagnostics-admins-only" />
      )}
    </>
  );
}
