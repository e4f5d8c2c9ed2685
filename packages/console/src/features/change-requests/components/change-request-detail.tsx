import type { ChangeRequest } from '@tabula/protocol';
import { Col, Flex, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { changeRequestSummary } from '../../../lib/change-request-title';
import { ApprovalsCard } from './approvals-card';
import { ChangeList } from './change-list';
import { ChangeRequestActions } from './change-request-actions';
import { ChangeRequestDetails } from './change-request-details';
import { ChangeRequestStatusTag } from './change-request-status-tag';
import { CommentsThread } from './comments-thread';

interface ChangeRequestDetailProps {
  projectId: string;
  changeRequest: ChangeRequest;
}

/** One change request: what it changes, who approved, the discussion, and what the member may do with it now. */
export function ChangeRequestDetail({ projectId, changeRequest }: ChangeRequestDetailProps) {
  const { t, i18n } = useTranslation('changeRequests');
  return (
    <>
      <PageHeader
        title={
          <Flex gap={12} align="center" wrap data-testid="change-request-title">
            <span>
              #{changeRequest.number} {changeRequestSummary(changeRequest, { t, language: i18n.language })}
            </span>
            <ChangeRequestStatusTag status={changeRequest.status} />
          </Flex>
        }
        extra={<ChangeRequestActions projectId={projectId} changeRequest={changeRequest} />}
      />
      <Flex vertical gap={16}>
        <ChangeRequestDetails changeRequest={changeRequest} />
        <ChangeList changeRequest={changeRequest} />
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={8}>
            <ApprovalsCard changeRequest={changeRequest} />
          </Col>
          <Col xs={24} lg={16}>
            <CommentsThread projectId={projectId} changeRequest={changeRequest} />
          </Col>
        </Row>
      </Flex>
    </>
  );
}
