import type { ExperimentTemplate } from '@tabula/protocol';
import { App, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ServerErrorAlert } from '../../../../components/server-error-alert';
import { useFormSubmit } from '../../../../lib/use-form-submit';
import { useRules } from '../../../../lib/validation';

export interface TemplateFields {
  name: string;
  key: string;
  description: string;
}

interface TemplateFormModalProps {
  open: boolean;
  title: string;
  help?: string;
  initialValues: TemplateFields;
  /** The key is chosen when a template is made, and names it from then on. */
  keyEditable: boolean;
  pending: boolean;
  save: (values: TemplateFields) => Promise<ExperimentTemplate>;
  /** What to say once saved. */
  savedMessage: (template: ExperimentTemplate) => string;
  onClose: () => void;
}

/** A template's name, key and description, for saving a new one or editing one. */
export function TemplateFormModal({
  open,
  title,
  help,
  initialValues,
  keyEditable,
  pending,
  save,
  savedMessage,
  onClose,
}: TemplateFormModalProps) {
  const { t } = useTranslation('experiments');
  const { message } = App.useApp();
  const rules = useRules();
  const [form] = Form.useForm<TemplateFields>();
  const { submit, error, clearError } = useFormSubmit(form, save, (template) => {
    void message.success(savedMessage(template));
    onClose();
  });

  return (
    <Modal
      open={open}
      title={title}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={pending}
      okButtonProps={{ 'data-testid': 'template-submit' }}
      afterClose={clearError}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        name="template"
        onFinish={submit}
        initialValues={initialValues}
        style={{ marginTop: 16 }}
      >
        <ServerErrorAlert error={error} />
        {help && <Typography.Paragraph type="secondary">{help}</Typography.Paragraph>}
        <Form.Item name="name" label={t('templates.fields.name')} rules={[rules.required('name'), rules.name()]}>
          <Input data-testid="template-name" autoFocus />
        </Form.Item>
        <Form.Item
          name="key"
          label={t('templates.fields.key')}
          extra={keyEditable ? t('templates.keyHelp') : undefined}
          rules={keyEditable ? [rules.required('key'), rules.key()] : []}
        >
          <Input data-testid="template-key" disabled={!keyEditable} />
        </Form.Item>
        <Form.Item name="description" label={t('templates.fields.description')}>
          <Input.TextArea rows={3} maxLength={1000} showCount data-testid="template-description" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
