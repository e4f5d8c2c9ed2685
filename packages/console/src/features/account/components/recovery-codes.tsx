import { CheckOutlined, CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { downloadText } from '../../../lib/download';

interface RecoveryCodesProps {
  codes: string[];
  /** The account they belong to, named in the downloaded file. */
  email: string;
}

/** The recovery codes, shown this once, to copy or download. */
export function RecoveryCodes({ codes, email }: RecoveryCodesProps) {
  const { t } = useTranslation('account');
  const { token } = theme.useToken();
  const text = codes.join('\n');
  const file = [t('mfa.recovery.fileHeader', { email }), '', text, '', t('mfa.recovery.fileNote'), ''].join('\n');

  return (
    <Flex vertical gap={16}>
      <Alert type="warning" showIcon title={t('mfa.recovery.note')} data-testid="recovery-codes-note" />
      <ol
        data-testid="recovery-codes"
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(130px, 1fr))',
          gap: '4px 16px',
          margin: 0,
          padding: `${token.paddingSM}px ${token.paddingSM}px ${token.paddingSM}px ${token.paddingXL}px`,
          fontFamily: token.fontFamilyCode,
          background: token.colorFillQuaternary,
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadius,
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <Flex gap={24} wrap align="center">
        {/* antd's copy falls back to the older clipboard API where the asynchronous one is missing (plain http). */}
        <Typography.Text
          data-testid="copy-recovery-codes"
          copyable={{
            text,
            tooltips: false,
            icon: [
              <span key="copy">
                <CopyOutlined /> {t('mfa.recovery.copy')}
              </span>,
              <span key="copied">
                <CheckOutlined /> {t('mfa.recovery.copied')}
              </span>,
            ],
          }}
        />
        <Button
          type="link"
          icon={<DownloadOutlined />}
          style={{ paddingInline: 0 }}
          onClick={() => downloadText('tabula-recovery-codes.txt', file, 'text/plain;charset=utf-8')}
          data-testid="download-recovery-codes"
        >
          {t('mfa.recovery.download')}
        </Button>
      </Flex>
    </Flex>
  );
}
