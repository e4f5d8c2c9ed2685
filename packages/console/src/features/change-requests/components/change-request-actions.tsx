import { CheckOutlined, CloseOutlined, EditOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import type { ChangeRequest } from '@tabula/protocol';
import { App, Button, Popconfirm } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '../../../lib/use-error-toast';
import { type ChangeRequestStep, useStepChangeRequest } from '../api/step-change-request';
import { EditChangeRequestModal } from './edit-change-request-modal';
import { ReviewModal } from './review-modal';

interface ChangeRequestActionsProps {
  projectId: string;
  changeRequest: ChangeRequest;
}

/** Only what the server says the member may do now (`can`): nothing is offered that would be refused. */
export function ChangeRequestActions({ projectId, changeRequest }: ChangeRequestActionsProps) {
  const { t } = useTranslation('changeRequests');
  const { message } = App.useApp();
  const showError = useErrorToast();
  const step = useStepChangeRequest(projectId, changeRequest.id);
  const [verdict, setVerdict] = useState<'approve' | 'reject' | null>(null);
  const [editing, setEditing] = useState(false);
  const { can } = changeRequest;

  const run = (next: ChangeRequestStep) =>
    step.mutate(next, {
      onSuccess: (updated) => {
        setVerdict(null);
        void message.success(t(`done.${next.action}`, { number: updated.number }));
      },
      // A review shows its refusal in its dialog; the others in a toast.
      onError: (error) => (next.action === 'approve' || next.action === 'reject' ? undefined : showError(error)),
    });
  const pending = (action: ChangeRequestStep['action']) => step.isPending && step.variables?.action === action;

  return (
    <>
      {can.edit && (
        <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="change-request-edit">
          {t('actions.edit')}
        </Button>
      )}
      {can.submit && (
        <Button
          type="primary"
          icon={<SendOutlined />}
          loading={pending('submit')}
          onClick={() => run({ action: 'submit' })}
          data-testid="change-request-submit"
        >
          {t('actions.submit')}
        </Button>
      )}
      {can.approve && (
        <Button
          type="primary"
          icon={<CheckOutlined />}
          onClick={() => {
            step.reset();
            setVerdict('approve');
          }}
          data-testid="change-request-approve"
        >
          {t('actions.approve')}
        </Button>
      )}
      {can.reject && (
        <Button
          danger
          icon={<CloseOutlined />}
          onClick={() => {
            step.reset();
            setVerdict('reject');
          }}
          data-testid="change-request-reject"
        >
          {t('actions.reject')}
        </Button>
      )}
      {can.cancel && (
        <Popconfirm
          title={t('cancel.title', { number: changeRequest.number })}
          description={t('cancel.description')}
          okText={t('actions.cancel')}
          cancelText={t('cancel.keep')}
          okButtonProps={{ danger: true, 'data-testid': 'change-request-cancel-confirm' }}
          onConfirm={() => run({ action: 'cancel' })}
        >
          <Button icon={<StopOutlined />} loading={pending('cancel')} data-testid="change-request-cancel">
            {t('actions.cancel')}
          </Button>
        </Popconfirm>
      )}
      <ReviewModal
        verdict={verdict}
        pending={step.isPending}
        error={step.error}
        onSubmit={(comment) => verdict && run({ action: verdict, comment })}
        onClose={() => setVerdict(null)}
      />
      {can.edit && (
        <EditChangeRequestModal
          projectId={projectId}
          changeRequest={changeRequest}
          open={editing}
          onClose={() => setEditing(false)}
        />
      )}
    </>
  );
}
