import type { ExperimentResults } from '@tabula/protocol';
import { Alert, Flex, Progress, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { RelativeTime } from '../../../../components/relative-time';

interface SnapshotStatusProps {
  snapshot: ExperimentResults['snapshot'];
  refreshing: ExperimentResults['refreshing'];
}

/** What period the results cover, when they were computed, and a refresh under way or failed. */
export function SnapshotStatus({ snapshot, refreshing }: SnapshotStatusProps) {
  const { t } = useTranslation('results');
  return (
    <Flex vertical gap={4} style={{ minWidth: 240, flex: 1 }}>
      {snapshot?.status === 'succeeded' && (
        <Typography.Text type="secondary" data-testid="results-covers" data-covers-to={snapshot.coversTo}>
          {t('covers', {
            from: dayjs(snapshot.coversFrom).format('lll'),
            to: dayjs(snapshot.coversTo).format('lll'),
          })}{' '}
          · {t('refreshedAt')} <RelativeTime value={snapshot.finishedAt} />
        </Typography.Text>
      )}
      {refreshing && (
        <Flex align="center" gap={8} data-testid="refresh-progress">
          <Typography.Text>{t('refreshing')}</Typography.Text>
          <Progress
            percent={Math.round((refreshing.progress ?? 0) * 100)}
            status="active"
            size="small"
            style={{ flex: 1, maxWidth: 320, margin: 0 }}
          />
        </Flex>
      )}
      {snapshot?.error && !refreshing && (
        <Alert
          type="warning"
          showIcon
          title={t('refreshFailed', { error: snapshot.error })}
          data-testid="refresh-failed"
        />
      )}
    </Flex>
  );
}
