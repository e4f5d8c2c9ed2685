import type { ApiKey } from '@tabula/protocol';
import { Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Client keys are public and copyable; of a secret key only its prefix is known after creation. */
export function ApiKeyValue({ apiKey }: { apiKey: ApiKey }) {
  const { t } = useTranslation('projects');
  if (apiKey.key) {
    return (
      <Typography.Text
        code
        copyable={{ text: apiKey.key }}
        ellipsis={{ tooltip: apiKey.key }}
        style={{ maxWidth: 240 }}
        data-testid={`key-value-${apiKey.id}`}
      >
        {apiKey.key}
      </Typography.Text>
    );
  }
  return (
    <Tooltip title={t('apiKeys.secretHidden')}>
      <Typography.Text code type="secondary">
        {apiKey.prefix}••••••••
      </Typography.Text>
    </Tooltip>
  );
}
