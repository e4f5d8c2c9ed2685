import type { UnknownFlag } from '@tabula/protocol';
import { Alert, Button, Drawer, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RelativeTime } from '../../../components/relative-time';
import { useUnknownFlags } from '../api/get-unknown-flags';

/**
 * Keys SDKs evaluate that the project has no flag for (a typo in code, a deleted flag): said above the flag list, and
 * listed in a drawer. Nothing shows while there are none.
 */
export function UnknownFlagsAlert({ projectId }: { projectId: string }) {
  const { t } = useTranslation('usage');
  const [open, setOpen] = useState(false);
  const unknown = useUnknownFlags(projectId);
  const flags = unknown.data?.flags ?? [];
  if (flags.length === 0) return null;
  const keys = new Set(flags.map((flag) => flag.flagKey)).size;

  return (
    <>
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        data-testid="unknown-flags-alert"
        title={t('unknown.alert', { count: keys })}
        description={t('unknown.alertHelp')}
        action={
          <Button size="small" onClick={() => setOpen(true)} data-testid="unknown-flags-show">
            {t('unknown.show')}
          </Button>
        }
      />
      <Drawer title={t('unknown.title')} open={open} onClose={() => setOpen(false)} size={640}>
        <Typography.Paragraph type="secondary">{t('unknown.description')}</Typography.Paragraph>
        <Table<UnknownFlag>
          size="small"
          dataSource={flags}
          rowKey={(row) => `${row.environment}|${row.flagKey}`}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          data-testid="unknown-flags-table"
          columns={[
            {
              title: t('unknown.key'),
              dataIndex: 'flagKey',
              render: (key: string) => <Typography.Text code>{key}</Typography.Text>,
            },
            { title: t('unknown.environment'), dataIndex: 'environment' },
            {
              title: t('unknown.evaluations'),
              dataIndex: 'evaluations',
              render: (count: number) => count.toLocaleString(),
            },
            {
              title: t('unknown.lastSeen'),
              dataIndex: 'lastSeenAt',
              render: (value: string) => <RelativeTime value={value} />,
            },
          ]}
        />
      </Drawer>
    </>
  );
}
