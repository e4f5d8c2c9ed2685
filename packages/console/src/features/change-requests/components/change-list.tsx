import type { ChangeRequest } from '@tabula/protocol';
import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { environmentNames, operationTitle } from '../../../lib/change-request-title';
import { LineDiffView } from './line-diff-view';

/** Each change the request makes: what it does, then its target before and after. */
export function ChangeList({ changeRequest }: { changeRequest: ChangeRequest }) {
  const { t, i18n } = useTranslation('changeRequests');
  const context = { t, language: i18n.language, environmentName: environmentNames(changeRequest) };
  return (
    <Card title={t('detail.changes', { count: changeRequest.changes.length })}>
      <Flex vertical gap={20}>
        {changeRequest.changes.map((change, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: changes have no id; their order is the order they apply in
          <Flex vertical gap={8} key={index} data-testid={`change-${index}`}>
            <Typography.Text strong data-testid={`change-${index}-title`}>
              {operationTitle(change.operation, context)}
            </Typography.Text>
            <LineDiffView before={change.before} after={change.after} testId={`change-${index}-diff`} />
          </Flex>
        ))}
      </Flex>
    </Card>
  );
}
