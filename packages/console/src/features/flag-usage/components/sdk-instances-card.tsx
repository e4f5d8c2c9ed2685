import type { SdkInstance } from '@tabula/protocol';
import { Card, Table, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RelativeTime } from '../../../components/relative-time';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useSdkInstances } from '../api/get-sdk-instances';

/** The SDK clients that reported usage lately, with the versions behind the one this server ships tagged. */
export function SdkInstancesCard({ projectId }: { projectId: string }) {
  const { t } = useTranslation('usage');
  const instances = useSdkInstances(projectId);
  const current = instances.data?.current ?? {};

  return (
    <Card title={t('instances.title')} data-testid="sdk-instances-card">
      <Typography.Paragraph type="secondary">{t('instances.description')}</Typography.Paragraph>
      <ServerErrorAlert error={instances.error} />
      <Table<SdkInstance>
        size="small"
        loading={instances.isPending}
        dataSource={instances.data?.instances ?? []}
        rowKey={(row) => `${row.environment}|${row.instanceId}|${row.sdkName}|${row.sdkVersion}`}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: t('instances.empty') }}
        columns={[
          { title: t('instances.sdk'), dataIndex: 'sdkName' },
          {
            title: t('instances.version'),
            dataIndex: 'sdkVersion',
            render: (version: string, row) => (
              <>
                {version}{' '}
                {row.outdated && (
                  <Tooltip title={t('instances.outdatedHelp', { versions: (current[row.sdkName] ?? []).join(', ') })}>
                    <Tag color="warning" data-testid="sdk-outdated">
                      {t('instances.outdated')}
                    </Tag>
                  </Tooltip>
                )}
              </>
            ),
          },
          {
            title: t('instances.instance'),
            dataIndex: 'instanceId',
            render: (id: string) => id || <Typography.Text type="secondary">{t('instances.browsers')}</Typography.Text>,
          },
          { title: t('instances.environment'), dataIndex: 'environment' },
          {
            title: t('instances.lastSeen'),
            dataIndex: 'lastSeenAt',
            render: (value: string) => <RelativeTime value={value} />,
          },
        ]}
      />
    </Card>
  );
}
