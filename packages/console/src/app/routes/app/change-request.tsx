import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { NotFound } from '../../../components/errors/not-found';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useChangeRequest } from '../../../features/change-requests/api/get-change-request';
import { ChangeRequestDetail } from '../../../features/change-requests/components/change-request-detail';
import { isNotFound } from '../../../lib/api-client';
import { changeRequestsPagePath } from '../../paths';

export function ChangeRequestRoute() {
  const { t } = useTranslation('changeRequests');
  const { projectId = '', changeRequestId = '' } = useParams();
  const changeRequest = useChangeRequest(projectId, changeRequestId);

  if (changeRequest.isPending) return <Skeleton active />;
  if (changeRequest.isError) {
    if (isNotFound(changeRequest.error)) {
      return <NotFound title={t('detail.notFound')} description={t('detail.notFoundDescription')} />;
    }
    return (
      <>
        <ServerErrorAlert error={changeRequest.error} />
        <Button onClick={() => changeRequest.refetch()}>{t('common:actions.retry')}</Button>
      </>
    );
  }
  return (
    <>
      <Link to={changeRequestsPagePath(projectId)} style={{ display: 'inline-block', marginBottom: 12 }}>
        <ArrowLeftOutlined /> {t('backToList')}
      </Link>
      <ChangeRequestDetail projectId={projectId} changeRequest={changeRequest.data} />
    </>
  );
}
