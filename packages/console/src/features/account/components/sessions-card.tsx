import { LogoutOutlined } from '@ant-design/icons';
import type { SessionInfo } from '@tabula/protocol';
import { Button, Card, Flex, Popconfirm, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useSessions } from '../api/get-sessions';
import { useRevokeSession } from '../api/revoke-session';
import { useSignOutEverywhere } from '../api/sign-out-everywhere';
import { SessionRow } from './session-row';

// This browser first, then the most recently active.
const byRelevance = (a: SessionInfo, b: SessionInfo) =>
  Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt);

/** Every browser signed in as the user, each to sign out, or all of them at once. */
export function SessionsCard({ onSignedOutEverywhere }: { onSignedOutEverywhere: () => void }) {
  const { t } = useTranslation('account');
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const everywhere = useSignOutEverywhere();

  return (
    <Card title={t('sessions.title')} data-testid="sessions-card">
      <Typography.Paragraph type="secondary">{t('sessions.description')}</Typography.Paragraph>
      <ServerErrorAlert error={sessions.error ?? revoke.error ?? everywhere.error} />
      {sessions.isPending ? (
        <Skeleton active />
      ) : (
        <ul style={{ listStyle: 'none', margin: '0 0 16px', padding: 0 }} data-testid="sessions-list">
          {[...(sessions.data ?? [])].sort(byRelevance).map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              signingOut={revoke.isPending && revoke.variables === session.id}
              onSignOut={() => revoke.mutate(session.id)}
            />
          ))}
        </ul>
      )}
      <Flex justify="flex-end">
        <Popconfirm
          title={t('sessions.everywhereConfirm')}
          description={t('sessions.everywhereDescription')}
          okText={t('sessions.everywhere')}
          cancelText={t('common:actions.cancel')}
          okButtonProps={{ danger: true, 'data-testid': 'sign-out-everywhere-confirm' }}
          onConfirm={() => everywhere.mutate(undefined, { onSuccess: onSignedOutEverywhere })}
        >
          <Button danger icon={<LogoutOutlined />} loading={everywhere.isPending} data-testid="sign-out-everywhere">
            {t('sessions.everywhere')}
          </Button>
        </Popconfirm>
      </Flex>
    </Card>
  );
}
