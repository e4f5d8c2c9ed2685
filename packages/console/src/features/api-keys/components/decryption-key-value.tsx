import { QuestionCircleOutlined } from '@ant-design/icons';
import type { ApiKey } from '@tabula/protocol';
import { Flex, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { KeyText } from '../../../components/key-text';

/** The key an SDK needs beside a client key while the payload of that key's environment is encrypted. */
export function DecryptionKeyValue({ apiKey, style }: { apiKey: ApiKey; style?: React.CSSProperties }) {
  const { t } = useTranslation('projects');
  if (!apiKey.decryptionKey) return null;
  return (
    <Flex gap={8} align="center" wrap style={style}>
      <Tooltip title={t('apiKeys.decryptionKeyHelp')}>
        <Typography.Text type="secondary">
          {t('apiKeys.decryptionKey')} <QuestionCircleOutlined />
        </Typography.Text>
      </Tooltip>
      <KeyText value={apiKey.decryptionKey} testId={`decryption-key-${apiKey.id}`} />
    </Flex>
  );
}
