import type { CreateLayerBody, Layer } from '@tabula/protocol';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useRules } from '../../../lib/validation';
import { useCreateLayer } from '../api/create-layer';
import { useUpdateLayer } from '../api/update-layer';

interface LayerModalProps {
  projectId: string;
  /** The layer to edit; absent to create one. */
  layer?: Layer;
  open: boolean;
  onClose: () => void;
}

/** Creates a layer, or renames and re-describes one; a layer's key never changes, experiments refer to it. */
export function LayerModal({ projectId, layer, open, onClose }: LayerModalProps) {
  const { t } = useTranslation('experiments');
  const rules = useRules();
  const [form] = Form.useForm<CreateLayerBody>();
  const create = useCreateLayer(projectId);
  const update = useUpdateLayer(projectId, layer?.key ?? '');
  const save = (values: CreateLayerBody) =>
    layer
      ? update.mutateAsync({ name: values.name, description: values.description ?? '' })
      : create.mutateAsync(values);
  const { submit, error, clearError } = useFormSubmit(form, save, onClose);

  return (
    <Modal
      open={open}
      title={layer ? t('layers.editTitle', { name: layer.name }) : t('layers.createTitle')}
      okText={layer ? t('common:actions.save') : t('common:actions.create')}
      cancelText={t('common:actions.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending || update.isPending}
      okButtonProps={{ 'data-testid': 'layer-submit' }}
      afterClose={clearError}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        name="layer"
        onFinish={submit}
        initialValues={layer ?? { key: '', name: '', description: '' }}
        style={{ marginTop: 16 }}
      >
        <ServerErrorAlert error={error} />
        <Form.Item name="name" label={t('layers.fields.name')} rules={[rules.required('name'), rules.name()]}>
          <Input data-testid="layer-name" autoFocus placeholder={t('layers.namePlaceholder')} />
        </Form.Item>
        <Form.Item
          name="key"
          label={t('layers.fields.key')}
          extra={layer ? t('layers.keyFixed') : t('layers.keyHelp')}
          rules={[rules.required('key'), rules.key()]}
        >
          <Input data-testid="layer-key" disabled={Boolean(layer)} placeholder="checkout" />
        </Form.Item>
        <Form.Item name="description" label={t('layers.fields.description')}>
          <Input.TextArea rows={3} maxLength={1000} showCount data-testid="layer-description" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
