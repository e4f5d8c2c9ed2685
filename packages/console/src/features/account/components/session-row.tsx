import { DesktopOutlined, MobileOutlined } from '@ant-design/icons';
import type { SessionInfo } from '@tabula/protocol';
import { Button, Flex, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { RelativeTime } from '../../../components/relative-time';
import { describeUserAgent } from '../utils/user-agent';

interface SessionRowProps {
  session: SessionInfo;
  signingOut: boolean;
  onSignOut: () => void;
}

/** One signed-in browser: what it is, from where, since when, and a way to sign it out unless it is this one. */
export function SessionRow({ session, signingOut, onSignOut }: SessionRowProps) {
  const { t } = useTranslation('account');
  const { token } = theme.useToken();
  const { browser, system, mobile } = describeUserAgent(session.userAgent);
  const name =
    browser && system ? t('sessions.browserOn', { browser, system }) : (browser ?? system ?? t('sessions.unknown'));

  return (
    <Flex
      component="li"
      gap={12}
      wrap
      justify="space-between"
      align="center"
      data-testid={`session-${session.id}`}
      style={{ padding: `${token.paddingSM}px 0`, borderBottom: `1px solid ${token.colorSplit}` }}
    >
      <Flex gap={12} align="flex-start" style={{ flex: '1 1 260px', minWidth: 0 }}>
        <span style={{ fontSize: 20, color: token.colorTextSecondary, lineHeight: 1 }} aria-hidden>
          {mobile ? <MobileOutlined /> : <DesktopOutlined />}
        </span>
        <Flex vertical gap={2} style={{ minWidth: 0 }}>
          <Flex gap={8} align="center" wrap>
            <Typography.Text strong title={session.userAgent ?? undefined}>
              {name}
            </Typography.Text>
            {session.current && (
              <Tag color="success" data-testid="this-browser">
                {t('sessions.thisBrowser')}
              </Tag>
            )}
          </Flex>
          <Flex gap="0 16px" wrap style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
            <span>
              {t('sessions.address')} {session.ip ?? t('sessions.unknownAddress')}
            </span>
            <span>
              {t('sessions.signedIn')} <RelativeTime value={session.createdAt} />
            </span>
            <span>
              {t('sessions.lastActive')} <RelativeTime value={session.lastSeenAt} />
            </span>
          </Flex>
        </Flex>
      </Flex>
      {!session.current && (
        <Button
          size="small"
          loading={signingOut}
          onClick={onSignOut}
          aria-label={t('sessions.signOutNamed', { name })}
          data-testid={`sign-out-session-${session.id}`}
        >
          {t('sessions.signOut')}
        </Button>
      )}
    </Flex>
  );
}
