import { formatEnvTag } from '@tabula/protocol';
import { Card, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { readReleaseId } from '../../../lib/env';
import { useEdition, usePlatformStore } from '../../../lib/platform/platform';

/** Where this console runs, as the page was told (spec §3, §4): what its reports are tagged with. */
export function EnvironmentCard() {
  const { t } = useTranslation('platform');
  const { env, tag, apiHost } = usePlatformStore();
  const edition = useEdition();
  return (
    <Card title={t('diagnostics.environment.title')} data-testid="diagnostics-environment">
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2, xl: 3 }}
        items={[
          { key: 'release', label: t('diagnostics.environment.release'), children: readReleaseId() },
          { key: 'edition', label: t('diagnostics.environment.edition'), children: t(`editions.${edition}`) },
          {
            key: 'environment',
            label: t('diagnostics.environment.environment'),
            children: <span data-testid="diagnostics-env">{`${env.platform}/${env.environment}`}</span>,
          },
          { key: 'tag', label: t('diagnostics.environment.tag'), children: formatEnvTag(tag) },
          {
            key: 'apiHost',
            label: t('diagnostics.environment.apiHost'),
            children: <Typography.Text copyable>{apiHost}</Typography.Text>,
          },
        ]}
      />
    </Card>
  );
}
