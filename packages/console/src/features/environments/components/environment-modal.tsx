import type { CreateEnvironmentBody, Environment } from '@tabula/protocol';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useRules } from '../../../lib/validation';
import { useCreateEnvironment } from '../api/create-environment';
import { useUpdateEnvironment } from '../api/update-environment';

interface EnvironmentModalProps {
  projectId: string;
  /** The environment to rename; none to add a new one. */
  environment: Environment | null;
  open: boolean;
  onClose: () => void;
}

/** Adds an environment, or renames one: its key is what SDK keys point at, so it is fixed once made. */
export function EnvironmentModal({ projectId, environment, open, onClose }: EnvironmentModalProps) {
  const { t } = useTranslation('projects');
  const rules = useRules();
  const [form] = Form.useForm<CreateEnvironmentBody>();
  const create = useCreateEnvironment(projectId);
  const update = useUpdateEnvironment(projectId);
  const save = (values: CreateEnvironmentBody) =>
    environment ? update.mutateAsync({ key: environment.key, name: values.name }) : create.mutateAsync(values);
  const { submit, error, clearError } = useFormSubmit(form, save, onClose);

  return (
    <Modal
      open={open}
      title={environment ? t('environments.renameTitle') : t('environments.addTitle')}
      okText={environment ? t('common:actions.save') : t('common:actions.create')}
      cancelText={t('common:actions.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending || update.isPending}
      okButtonProps={{ 'data-testid': 'environment-submit' }}
      afterClose={clearError}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        name="environment"
        onFinish={submit}
        initialValues={environment ?? undefined}
        style={{ marginTop: 16 }}
      >
        <ServerErrorAlert error={error} />
        <Form.Item
          name="key"
          label={t('environments.key')}
          extra={environment ? undefined : t('environments.keyHint')}
          rules={environment ? [] : [rules.required('key'), rules.key()]}
        >
          <Input disabled={Boolean(environment)} data-testid="environment-key" autoFocus={!environment} />
        </Form.Item>
        <Form.Item name="name" label={t('environments.name')} rules={[rules.required('name'), rules.name()]}>
          <Input data-testid="environment-name" autoFocus={Boolean(environment)} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
