import {
  type CreateWebhookBody,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_FORMATS,
  type Webhook,
  type WebhookWithSecret,
  webhookUrlSchema,
} from '@tabula/protocol';
import { Checkbox, Form, Input, Modal, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useCreateWebhook } from '../api/create-webhook';
import { useUpdateWebhook } from '../api/update-webhook';

interface WebhookModalProps {
  projectId: string;
  /** The webhook edited; null to add one. */
  webhook: Webhook | null;
  open: boolean;
  onClose: () => void;
  onCreated: (webhook: WebhookWithSecret) => void;
}

export function WebhookModal({ projectId, webhook, open, onClose, onCreated }: WebhookModalProps) {
  const { t } = useTranslation('webhooks');
  const [form] = Form.useForm<CreateWebhookBody>();
  const create = useCreateWebhook(projectId);
  const update = useUpdateWebhook(projectId);
  const save = (values: CreateWebhookBody): Promise<Webhook | WebhookWithSecret> =>
    webhook ? update.mutateAsync({ id: webhook.id, ...values }) : create.mutateAsync(values);
  const { submit, error, clearError } = useFormSubmit(form, save, (saved) => {
    onClose();
    if ('secret' in saved) onCreated(saved);
  });

  return (
    <Modal
      open={open}
      title={webhook ? t('editTitle') : t('createTitle')}
      okText={webhook ? t('common:actions.save') : t('common:actions.create')}
      cancelText={t('common:actions.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending || update.isPending}
      okButtonProps={{ 'data-testid': 'webhook-submit' }}
      afterClose={clearError}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        name="webhook"
        onFinish={submit}
        initialValues={
          webhook
            ? {
                name: webhook.name,
                url: webhook.url,
                events: webhook.events,
                format: webhook.format,
                enabled: webhook.enabled,
              }
            : { events: ['flag.changed'], format: 'json', enabled: true }
        }
        style={{ marginTop: 16 }}
      >
        <ServerErrorAlert error={error} />
        <Form.Item
          name="name"
          label={t('fields.name')}
          rules={[{ required: true, whitespace: true, max: 100, message: t('validation.name') }]}
        >
          <Input data-testid="webhook-name" autoFocus placeholder={t('placeholders.name')} />
        </Form.Item>
        <Form.Item
          name="url"
          label={t('fields.url')}
          required
          rules={[
            {
              validator: (_, value?: string) =>
                webhookUrlSchema.safeParse(value ?? '').success
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('validation.url'))),
            },
          ]}
        >
          <Input data-testid="webhook-url" placeholder={t('placeholders.url')} />
        </Form.Item>
        <Form.Item
          name="events"
          label={t('fields.events')}
          rules={[{ required: true, type: 'array', min: 1, message: t('validation.events') }]}
        >
          <Checkbox.Group data-testid="webhook-events">
            <Space orientation="vertical">
              {WEBHOOK_EVENT_TYPES.map((type) => (
                <Checkbox key={type} value={type} data-testid={`webhook-event-${type}`}>
                  {t(`eventTypes.${type}`)}
                </Checkbox>
              ))}
            </Space>
          </Checkbox.Group>
        </Form.Item>
        <Form.Item name="format" label={t('fields.format')} extra={t('formatHelp')}>
          <Select
            data-testid="webhook-format"
            options={WEBHOOK_FORMATS.map((format) => ({ value: format, label: t(`formats.${format}`) }))}
          />
        </Form.Item>
        <Form.Item name="enabled" label={t('fields.enabled')} valuePropName="checked">
          <Switch data-testid="webhook-enabled" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
