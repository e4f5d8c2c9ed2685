import type { CloneFlagBody, Flag } from '@tabula/protocol';
import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useCloneFlag } from '../api/clone-flag';

interface CloneFlagModalProps {
  projectId: string;
  flag: Flag;
  open: boolean;
  onClose: () => void;
  onCloned: (clone: Flag) => void;
}

/** A new flag from this one: the server copies everything but the switches, which start off. */
export function CloneFlagModal({ projectId, flag, open, onClose, onCloned }: CloneFlagModalProps) {
  const { t } = useTranslation('flags');
  const [form] = Form.useForm<CloneFlagBody>();
  const clone = useCloneFlag(projectId);
  const { submit, error, clearError } = useFormSubmit(
    form,
    (body: CloneFlagBody) => clone.mutateAsync({ flagKey: flag.key, body }),
    onCloned,
  );

  return (
    <Modal
      open={open}
      title={t('clone.title', { key: flag.key })}
      okText={t('clone.submit')}
      cancelText={t('common:actions.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={clone.isPending}
      okButtonProps={{ 'data-testid': 'clone-flag-submit' }}
      afterClose={clearError}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        name="clone-flag"
        onFinish={submit}
        initialValues={{ key: `${flag.key}-copy`, name: t('clone.nameSuffix', { name: flag.name }) }}
        style={{ marginTop: 16 }}
      >
        <Alert type="info" showIcon title={t('clone.description')} style={{ marginBottom: 16 }} />
        <ServerErrorAlert error={error} />
        <Form.Item name="key" label={t('clone.key')} rules={[{ required: true }]}>
          <Input data-testid="clone-flag-key" />
        </Form.Item>
        <Form.Item name="name" label={t('clone.name')} rules={[{ required: true }]}>
          <Input data-testid="clone-flag-name" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
