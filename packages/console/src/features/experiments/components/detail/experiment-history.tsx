import type { AuditEntry } from '@tabula/protocol';
import { Button, Card, Flex, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../components/empty-state';
import { RelativeTime } from '../../../../components/relative-time';
import { ServerErrorAlert } from '../../../../components/server-error-alert';
import { useExperimentHistory } from '../../api/get-experiment-history';
import { changedKeys } from '../../utils/changed-keys';

const verbOf = (action: string) => action.slice(action.indexOf('.') + 1);

function HistoryEntry({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('experiments');
  const verb = verbOf(entry.action);
  const actor = entry.actor.name ?? t(`history.actors.${entry.actor.kind}`);
  // Only an edit has a "what changed" worth listing: the other verbs say it themselves.
  const fields = verb === 'updated' ? changedKeys(entry.before, entry.after) : [];
  return (
    <Flex vertical gap={4} data-testid="history-entry">
      <Typography.Text>
        <Typography.Text strong>{actor}</Typography.Text> {t(`history.verbs.${verb}`, { defaultValue: verb })}
        <Typography.Text type="secondary">
          {' · '}
          <RelativeTime value={entry.at} />
        </Typography.Text>
      </Typography.Text>
      {fields.length > 0 && (
        <Flex gap={4} wrap>
          {fields.map((field) => (
            <Tag key={field}>{field}</Tag>
          ))}
        </Flex>
      )}
    </Flex>
  );
}

export function ExperimentHistory({ projectId, experimentId }: { projectId: string; experimentId: string }) {
  const { t } = useTranslation('experiments');
  const history = useExperimentHistory(projectId, experimentId);
  return (
    <Card loading={history.isPending}>
      <ServerErrorAlert error={history.error} />
      {history.entries.length === 0 && !history.hasNextPage ? (
        <EmptyState title={t('history.empty')} />
      ) : (
        <Timeline
          items={history.entries.map((entry) => ({ key: entry.id, content: <HistoryEntry entry={entry} /> }))}
        />
      )}
      {history.hasNextPage && (
        <Flex justify="center">
          <Button
            onClick={() => history.fetchNextPage()}
            loading={history.isFetchingNextPage}
            data-testid="history-load-more"
          >
            {t('common:actions.loadMore')}
          </Button>
        </Flex>
      )}
    </Card>
  );
}
