import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const MARK_SIZE = 28;

export function Brand({ compact = false, inverted = false }: { compact?: boolean; inverted?: boolean }) {
  const { t } = useTranslation();
  return (
    <Flex align="center" gap={10}>
      <img src="/favicon.svg" alt="" width={MARK_SIZE} height={MARK_SIZE} />
      {!compact && (
        <Typography.Text strong style={{ fontSize: 18, color: inverted ? '#fff' : undefined, letterSpacing: 0.2 }}>
          {t('app.name')}
        </Typography.Text>
      )}
    </Flex>
  );
}
