import { DownOutlined, InboxOutlined, UndoOutlined } from '@ant-design/icons';
import type { BulkFlagBody, BulkFlagResult, Flag } from '@tabula/protocol';
import { App, Button, type ButtonProps, Dropdown, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requiresApproval, useCanChangeProtectedEnvironments } from '../../../lib/authorization';
import { useErrorToast } from '../../../lib/use-error-toast';
import { useBulkChangeFlags } from '../api/bulk-change-flags';
import type { FlagListState } from '../utils/list-state';
import { BulkResultSummary } from './bulk-result-summary';

interface BulkEnvironment {
  key: string;
  name: string;
  protected: boolean;
  requiredApprovals?: number;
}

interface FlagBulkActionsProps {
  projectId: string;
  /** The selected flags; the bar shows while there is one. */
  flags: Flag[];
  environments: BulkEnvironment[];
  /** The list's status filter: archiving is offered on active flags, restoring on archived ones. */
  status: FlagListState['status'];
  /** Called once the action ran, to clear the selection. */
  onDone: () => void;
}

/**
 * Archive, restore, or switch the selected flags in one environment. Each flag obeys the rules its own switch or
 * menu does: where the environment requires approvals the change goes to the user's draft change request, and a
 * flag the user may not change is refused; the summary afterwards says what became of each.
 */
export function FlagBulkActions({ projectId, flags, environments, status, onDone }: FlagBulkActionsProps) {
  const { t } = useTranslation('flags');
  const { modal } = App.useApp();
  const showError = useErrorToast();
  const bulk = useBulkChangeFlags(projectId);
  const mayChangeProtected = useCanChangeProtectedEnvironments();
  const [results, setResults] = useState<BulkFlagResult['results'] | null>(null);
  const count = flags.length;
  const keys = flags.map((flag) => flag.key);
  // Single switches the user may not flip are not offered; environments that require approvals take requests.
  const canChange = (env: BulkEnvironment) => !env.protected || requiresApproval(env) || mayChangeProtected;

  const run = (body: BulkFlagBody) =>
    bulk
      .mutateAsync(body)
      .then(({ results: done }) => {
        setResults(done);
        onDone();
      })
      .catch(showError);

  const confirm = (title: string, notes: string[], okText: string, body: BulkFlagBody, danger = false) =>
    modal.confirm({
      title,
      content: (
        <Flex vertical gap={8}>
          {notes.map((note) => (
            <Typography.Paragraph key={note} style={{ margin: 0 }}>
              {note}
            </Typography.Paragraph>
          ))}
        </Flex>
      ),
      okText,
      cancelText: t('common:actions.cancel'),
      okButtonProps: { danger, 'data-testid': 'flag-bulk-confirm' } as ButtonProps,
      onOk: () => run(body),
    });

  /** Archiving or restoring reaches the protected environments where a flag is on. */
  const lifecycle = (action: 'archive' | 'restore') => {
    const reached = environments.filter(
      (env) => env.protected && flags.some((flag) => flag.environments[env.key]?.enabled),
    );
    const notes = [t(action === 'archive' ? 'bulk.archiveDescription' : 'bulk.restoreDescription')];
    if (reached.length > 0 && !mayChangeProtected) {
      notes.push(t('bulk.protectedRefused', { environments: reached.map((env) => env.name).join(', ') }));
    }
    confirm(
      t(action === 'archive' ? 'bulk.archiveTitle' : 'bulk.restoreTitle', { count }),
      notes,
      t(action === 'archive' ? 'lifecycle.archive' : 'lifecycle.restore'),
      { action, flags: keys },
      action === 'archive',
    );
  };

  const switchIn = (enabled: boolean, envKey: string) => {
    const env = environments.find((candidate) => candidate.key === envKey);
    if (!env) return;
    const notes = [t(enabled ? 'bulk.switchOnDescription' : 'bulk.switchOffDescription', { environment: env.name })];
    if (requiresApproval(env)) notes.push(t('bulk.requiresApproval', { environment: env.name }));
    confirm(
      t(enabled ? 'bulk.switchOnTitle' : 'bulk.switchOffTitle', { count, environment: env.name }),
      notes,
      t(enabled ? 'bulk.switchOn' : 'bulk.switchOff'),
      { action: 'switch', flags: keys, environment: env.key, enabled },
    );
  };

  const switchMenu = (enabled: boolean) => ({
    items: environments.map((env) => ({
      key: env.key,
      disabled: !canChange(env),
      label: <span data-testid={`flag-bulk-${enabled ? 'on' : 'off'}-${env.key}`}>{env.name}</span>,
    })),
    onClick: ({ key }: { key: string }) => switchIn(enabled, key),
  });

  return (
    <>
      {count > 0 && (
        <Flex
          wrap
          gap={8}
          align="center"
          role="toolbar"
          aria-label={t('bulk.toolbar')}
          data-testid="flag-bulk-actions"
          style={{ marginBottom: 12 }}
        >
          <Typography.Text strong data-testid="flag-bulk-count">
            {t('bulk.selected', { count })}
          </Typography.Text>
          {status !== 'archived' && (
            <Button icon={<InboxOutlined />} onClick={() => lifecycle('archive')} data-testid="flag-bulk-archive">
              {t('lifecycle.archive')}
            </Button>
          )}
          {status !== 'active' && (
            <Button icon={<UndoOutlined />} onClick={() => lifecycle('restore')} data-testid="flag-bulk-restore">
              {t('lifecycle.restore')}
            </Button>
          )}
          {status !== 'archived' &&
            ([true, false] as const).map((enabled) => (
              <Dropdown key={String(enabled)} menu={switchMenu(enabled)} trigger={['click']}>
                <Button data-testid={`flag-bulk-${enabled ? 'on' : 'off'}`}>
                  {t(enabled ? 'bulk.turnOnIn' : 'bulk.turnOffIn')} <DownOutlined />
                </Button>
              </Dropdown>
            ))}
          <Button type="link" onClick={onDone} disabled={bulk.isPending} data-testid="flag-bulk-clear">
            {t('bulk.clear')}
          </Button>
        </Flex>
      )}
      <BulkResultSummary projectId={projectId} results={results} onClose={() => setResults(null)} />
    </>
  );
}
