import type { ExperimentTemplate } from '@tabula/protocol';
import { App, Form, Input, Modal, Typography } from 'antd';
import type { ReactNode } from 'react';
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
  /** Resolves to null when nothing was saved and what lies below the fields says why. */
  save: (values: TemplateFields) => Promise<ExperimentTemplate | null>;
  /** What to say once saved. */
  savedMessage: (template: ExperimentTemplate) => string;
  onClose: () => void;
  /** Once the modal has faded out. */
  afterClose?: () => void;
  /** More to edit below the description: an existing template's setup. */
  children?: ReactNode;
  width?: number;
}

/** A template's name, key and description, for saving a new one or editing one (its setup below them). */
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
  afterClose,
  children,
  width,
}: TemplateFormModalProps) {
  const { t } = useTranslation('experiments');
  const { message } = App.useApp();
  const rules = useRules();
  const [form] = Form.useForm<TemplateFields>();
  const { submit, error, clearError } = useFormSubmit(form, save, (template) => {
    if (!template) return;
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
      afterClose={() => {
        clearError();
        afterClose?.();
      }}
      width={width}
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
        {children}
      </Form>
    </Modal>
  );
}
