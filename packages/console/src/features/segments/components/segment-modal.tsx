import type { Condition, CreateSegmentBody, Segment } from '@tabula/protocol';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConditionsEditor, useConditionsRule } from '../../../components/conditions-editor';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useRules } from '../../../lib/validation';
import { useCreateSegment } from '../api/create-segment';
import { useUpdateSegment } from '../api/update-segment';

interface SegmentValues {
  key: string;
  name: string;
  description: string;
  conditions: Condition[];
}

interface SegmentModalProps {
  projectId: string;
  /** The segment to edit; none to create one. */
  segment: Segment | null;
  open: boolean;
  onClose: () => void;
}

/** Creates or edits a segment; its key is what rules refer to, so it is set once. */
export function SegmentModal({ projectId, segment, open, onClose }: SegmentModalProps) {
  const { t } = useTranslation('flags');
  const rules = useRules();
  const conditionsRule = useConditionsRule();
  const [form] = Form.useForm<SegmentValues>();
  const create = useCreateSegment(projectId);
  const update = useUpdateSegment(projectId);
  const save = ({ key, conditions, ...values }: SegmentValues) => {
    // Conditions leave the editor with known operators; the server checks them again.
    const body = { ...values, conditions: conditions as CreateSegmentBody['conditions'] };
    return segment ? update.mutateAsync({ segmentKey: segment.key, body }) : create.mutateAsync({ key, ...body });
  };
  const { submit, error, clearError } = useFormSubmit(form, save, onClose);

  return (
    <Modal
      open={open}
      width={860}
      title={segment ? t('segments.editTitle', { key: segment.key }) : t('segments.createTitle')}
      okText={segment ? t('common:actions.save') : t('common:actions.create')}
      cancelText={t('common:actions.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending || update.isPending}
      okButtonProps={{ 'data-testid': 'segment-submit' }}
      afterClose={clearError}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        name="segment"
        onFinish={submit}
        initialValues={segment ?? { key: '', name: '', description: '', conditions: [] }}
        style={{ marginTop: 16 }}
      >
        <ServerErrorAlert error={error} />
        {!segment && (
          <Form.Item name="key" label={t('fields.key')} rules={[rules.required('key'), rules.key()]}>
            <Input data-testid="segment-key" autoFocus placeholder="beta-testers" style={{ fontFamily: 'monospace' }} />
          </Form.Item>
        )}
        <Form.Item name="name" label={t('fields.name')} rules={[rules.required('name'), rules.name()]}>
          <Input data-testid="segment-name" placeholder={t('segments.namePlaceholder')} />
        </Form.Item>
        <Form.Item name="description" label={t('fields.description')}>
          <Input.TextArea rows={2} maxLength={1000} data-testid="segment-description" />
        </Form.Item>
        <Form.Item
          name="conditions"
          label={t('segments.conditions')}
          extra={t('segments.conditionsHelp')}
          rules={[conditionsRule]}
        >
          <ConditionsEditor testId="segment-conditions" label={t('segments.conditions')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
