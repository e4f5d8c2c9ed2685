import type { Condition } from '@tabula/protocol';
import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Conditions in one line each, as read aloud: "NOT country is one of de, fr". */
export function ConditionsSummary({ conditions }: { conditions: Condition[] }) {
  const { t } = useTranslation('flags');
  if (conditions.length === 0) return <Typography.Text type="secondary">{t('conditions.everyone')}</Typography.Text>;
  return (
    <Flex vertical gap={2}>
      {conditions.map((condition, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a condition's place is all that tells it apart
        <Typography.Text key={index}>
          {index > 0 && <Typography.Text type="secondary">{t('conditions.and')} </Typography.Text>}
          {condition.negate && <Tag color="volcano">{t('conditions.negate')}</Tag>}
          <Typography.Text code>{condition.attribute}</Typography.Text>{' '}
          {t(`conditions.operators.${condition.operator}`, { defaultValue: condition.operator })}{' '}
          {condition.values.length > 0 && (
            <Typography.Text strong>{condition.values.map(String).join(', ')}</Typography.Text>
          )}
        </Typography.Text>
      ))}
    </Flex>
  );
}
