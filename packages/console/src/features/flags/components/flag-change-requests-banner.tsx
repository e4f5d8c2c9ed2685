import { Alert, Flex, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { changeRequestPagePath } from '../../../lib/change-request-paths';
import { changeRequestSummary } from '../../../lib/change-request-title';
import { useFlagChangeRequests } from '../api/get-flag-change-requests';

/** What is about to change this flag: its open change requests, each a link to its page. */
export function FlagChangeRequestsBanner({ projectId, flagKey }: { projectId: string; flagKey: string }) {
  const { t, i18n } = useTranslation('flags');
  const list = useFlagChangeRequests(projectId, flagKey);
  const requests = list.data?.changeRequests ?? [];
  // A server without change requests, or a failure here, should not hide the flag: the banner just stays away.
  if (requests.length === 0) return null;

  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="flag-change-requests"
      title={t('changeRequests.open', { count: list.data?.total ?? requests.length })}
      description={
        <Flex vertical gap={4}>
          {requests.map((request) => (
            <Flex key={request.id} gap={8} align="center" wrap>
              <Link
                to={changeRequestPagePath(projectId, request.id)}
                data-testid={`flag-change-request-${request.number}`}
              >
                #{request.number} {changeRequestSummary(request, { t, language: i18n.language })}
              </Link>
              <Tag>{t(`common:changeRequestStatus.${request.status}`)}</Tag>
              {request.scheduledAt && (
                <Typography.Text type="secondary">
                  {t('changeRequests.scheduled', { time: dayjs(request.scheduledAt).format('LLL') })}
                </Typography.Text>
              )}
            </Flex>
          ))}
        </Flex>
      }
    />
  );
}
