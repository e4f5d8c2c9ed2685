import type { ChangeRequest } from '@tabula/protocol';
import { Alert, Card, Descriptions, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RelativeTime } from '../../../components/relative-time';
import { ScheduledTime } from './scheduled-time';

/** Who asked, when it moved along, when it runs, and why it failed if it did. */
export function ChangeRequestDetails({ changeRequest }: { changeRequest: ChangeRequest }) {
  const { t } = useTranslation('changeRequests');
  const { author, plan, failure, description } = changeRequest;
  return (
    <Card>
      <Flex vertical gap={12}>
        {failure && (
          <Alert
            type="error"
            showIcon
            title={t('detail.failed')}
            description={failure}
            data-testid="change-request-failure"
          />
        )}
        {description && <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{description}</Typography.Paragraph>}
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={[
            { key: 'author', label: t('detail.author'), children: author.name ?? t('system') },
            { key: 'created', label: t('detail.created'), children: <RelativeTime value={changeRequest.createdAt} /> },
            {
              key: 'submitted',
              label: t('detail.submitted'),
              children: <RelativeTime value={changeRequest.submittedAt} />,
            },
            {
              key: 'scheduled',
              label: t('detail.scheduled'),
              children: <ScheduledTime changeRequest={changeRequest} />,
            },
            { key: 'applied', label: t('detail.applied'), children: <RelativeTime value={changeRequest.appliedAt} /> },
            {
              key: 'environments',
              label: t('detail.environments'),
              children: changeRequest.environments.length ? (
                <Flex gap={4} wrap>
                  {changeRequest.environments.map((environment) => (
                    <Tag key={environment.key}>{environment.name}</Tag>
                  ))}
                </Flex>
              ) : (
                '—'
              ),
            },
            ...(plan
              ? [
                  {
                    key: 'plan',
                    label: t('detail.plan'),
                    children: t('plan.step', { step: plan.step, steps: plan.steps }),
                  },
                ]
              : []),
          ]}
        />
      </Flex>
    </Card>
  );
}
