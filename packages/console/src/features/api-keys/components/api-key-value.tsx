import type { ApiKey } from '@tabula/protocol';
import { Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { KeyText } from '../../../components/key-text';

/** Client keys are public and copyable; of a secret key only its prefix is known after creation. */
export function ApiKeyValue({ apiKey }: { apiKey: ApiKey }) {
  const { t } = useTranslation('projects');
  if (apiKey.key) return <KeyText value={apiKey.key} testId={`key-value-${apiKey.id}`} />;
  return (
    <Tooltip title={t('apiKeys.secretHidden')}>
      <Typography.Text code type="secondary">
        {apiKey.prefix}••••••••
      </Typography.Text>
    </Tooltip>
  );
}
