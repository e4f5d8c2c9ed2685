import type { Experiment } from '@tabula/protocol';
import { App, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ServerErrorAlert } from '../../../../components/server-error-alert';
import { useFormSubmit } from '../../../../lib/use-form-submit';
import { useRules } from '../../../../lib/validation';
import { keyFromName } from '../../utils/keys';
import { useSaveTemplate } from '../api/save-template';

interface SaveTemplateModalProps {
  projectId: string;
  experiment: Experiment;
  open: boolean;
  onClose: () => void;
}

interface TemplateFields {
  name: string;
  key: string;
  description: string;
}

/** "Save as template": the experiment's setup kept under a name, to start new experiments from. */
export function SaveTemplateModal({ projectId, experiment, open, onClose }: SaveTemplateModalProps) {
  const { t } = useTranslation('experiments');
  const { message } = App.useApp();
  const rules = useRules();
  const [form] = Form.useForm<TemplateFields>();
  const save = useSaveTemplate(projectId);
  const { submit, error, clearError } = useFormSubmit(
    form,
    (values: TemplateFields) => save.mutateAsync({ ...values, fromExperiment: experiment.key }),
    (template) => {
      void message.success(t('templates.saved', { name: template.name }));
      onClose();
    },
  );

  return (
    <Modal
      open={open}
      title={t('templates.saveTitle')}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'template-submit' }}
      afterClose={clearError}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        name="template"
        onFinish={submit}
        initialValues={{ name: experiment.name, key: keyFromName(experiment.name) || experiment.key, description: '' }}
        style={{ marginTop: 16 }}
      >
        <ServerErrorAlert error={error} />
        <Typography.Paragraph type="secondary">{t('templates.saveHelp')}</Typography.Paragraph>
        <Form.Item name="name" label={t('templates.fields.name')} rules={[rules.required('name'), rules.name()]}>
          <Input data-testid="template-name" autoFocus />
        </Form.Item>
        <Form.Item
          name="key"
          label={t('templates.fields.key')}
          extra={t('templates.keyHelp')}
          rules={[rules.required('key'), rules.key()]}
        >
          <Input data-testid="template-key" />
        </Form.Item>
        <Form.Item name="description" label={t('templates.fields.description')}>
          <Input.TextArea rows={3} maxLength={1000} showCount data-testid="template-description" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
