import { RollbackOutlined } from '@ant-design/icons';
import type { AuditEntry, Flag } from '@tabula/protocol';
import { App, Button, type ButtonProps, Flex, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AuditDiff } from '../../../components/audit-diff/audit-diff';
import { AuditEntryDiff } from '../../../components/audit-diff/audit-entry-diff';
import { EmptyState } from '../../../components/empty-state';
import { RelativeTime } from '../../../components/relative-time';
import { readableEnvironment } from '../../../components/rule-sentences';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useCan } from '../../../lib/authorization';
import { isDiverted } from '../../../lib/diverted-change';
import { useErrorToast } from '../../../lib/use-error-toast';
import { useFlagHistory } from '../api/get-flag-history';
import { useUpdateFlagEnvironment } from '../api/update-flag-environment';
import { type RestorableRules, restorableRules } from '../utils/restorable-rules';

interface FlagHistoryProps {
  projectId: string;
  flag: Flag;
  environments: { key: string; name: string }[];
}

const verbOf = (action: string) => (action.startsWith('flag.') ? action.slice('flag.'.length) : action);

/** Every recorded change of the flag, newest first; earlier rules of an environment can be put back. */
export function FlagHistory({ projectId, flag, environments }: FlagHistoryProps) {
  const { t } = useTranslation('flags');
  const canWrite = useCan('flag:write');
  const { modal, message } = App.useApp();
  const history = useFlagHistory(projectId, flag.id);
  const update = useUpdateFlagEnvironment(projectId);
  const showError = useErrorToast();
  const entries = history.data?.pages.flatMap((page) => page.entries) ?? [];
  const environmentName = (key: string) => environments.find((environment) => environment.key === key)?.name;

  const restore = (entry: AuditEntry, restorable: RestorableRules, name: string) =>
    modal.confirm({
      title: t('history.restoreTitle', { environment: name }),
      width: 760,
      // What the environment has now against what comes back, in the words of the rules editor.
      content: (
        <Flex vertical gap={8}>
          <Typography.Text>{t('history.restoreDescription', { environment: name })}</Typography.Text>
          <AuditDiff
            before={readableEnvironment(flag.environments[restorable.environment] ?? {}, t)}
            after={readableEnvironment(restorable.body, t)}
            testId={`history-restore-diff-${entry.id}`}
          />
        </Flex>
      ),
      okText: t('history.restore'),
      cancelText: t('common:actions.cancel'),
      okButtonProps: { 'data-testid': `history-restore-confirm-${entry.id}` } as ButtonProps,
      onOk: () =>
        update
          .mutateAsync({ flagKey: flag.key, environment: restorable.environment, body: restorable.body })
          .then((result) => isDiverted(result) || message.success(t('history.restored', { environment: name })))
          .catch(showError),
    });

  const columns: TableColumnsType<AuditEntry> = [
    { title: t('history.time'), key: 'at', width: 160, render: (_, entry) => <RelativeTime value={entry.at} /> },
    {
      title: t('history.actor'),
      key: 'actor',
      render: (_, entry) =>
        entry.actor.name ?? <Typography.Text type="secondary">{t('history.system')}</Typography.Text>,
    },
    {
      title: t('history.change'),
      key: 'action',
      render: (_, entry) => {
        const environment = restorableRules(entry)?.environment;
        return (
          <Flex gap={6} wrap align="center">
            <Typography.Text>
              {t(`history.actions.${verbOf(entry.action)}`, { defaultValue: entry.action })}
            </Typography.Text>
            {environment && <Tag>{environmentName(environment) ?? environment}</Tag>}
          </Flex>
        );
      },
    },
  ];
  if (canWrite && flag.archivedAt === null) {
    columns.push({
      key: 'restore',
      align: 'right',
      render: (_, entry) => {
        const restorable = restorableRules(entry);
        const name = restorable && environmentName(restorable.environment);
        if (!restorable || !name) return null;
        return (
          <Button
            size="small"
            icon={<RollbackOutlined />}
            onClick={() => restore(entry, restorable, name)}
            data-testid={`history-restore-${entry.id}`}
          >
            {t('history.restoreButton', {
              state: t(restorable.body.enabled ? 'switch.on' : 'switch.off'),
              count: restorable.body.rules?.length ?? 0,
            })}
          </Button>
        );
      },
    });
  }

  return (
    <>
      <ServerErrorAlert error={history.error} />
      <Table
        rowKey="id"
        columns={columns}
        dataSource={entries}
        loading={history.isPending}
        pagination={false}
        // On a phone the table scrolls inside itself; the page keeps the screen's width.
        scroll={{ x: 'max-content' }}
        data-testid="flag-history"
        expandable={{ expandedRowRender: (entry) => <AuditEntryDiff entry={entry} /> }}
        locale={{ emptyText: <EmptyState title={t('history.empty')} /> }}
      />
      {history.hasNextPage && (
        <Flex justify="center" style={{ marginTop: 16 }}>
          <Button onClick={() => history.fetchNextPage()} loading={history.isFetchingNextPage}>
            {t('common:actions.loadMore')}
          </Button>
        </Flex>
      )}
    </>
  );
}
