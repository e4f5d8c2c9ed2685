import type { CreateApiKeyBody, CreatedApiKey, Environment } from '@tabula/protocol';
import { API_KEY_KINDS, PROJECT_ROLES } from '@tabula/protocol';
import { Checkbox, Form, Input, Modal, Radio, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { optionTestIds } from '../../../components/option-test-ids';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useRules } from '../../../lib/validation';
import { useCreateApiKey } from '../api/create-api-key';

interface CreateApiKeyModalProps {
  projectId: string;
  environments: Environment[];
  open: boolean;
  onClose: () => void;
  onCreated: (apiKey: CreatedApiKey) => void;
}

export function CreateApiKeyModal({ projectId, environments, open, onClose, onCreated }: CreateApiKeyModalProps) {
  const { t } = useTranslation('projects');
  const rules = useRules();
  const [form] = Form.useForm<CreateApiKeyBody>();
  const create = useCreateApiKey(projectId);
  const { submit, error, clearError } = useFormSubmit(form, create.mutateAsync, (apiKey) => {
    onClose();
    onCreated(apiKey);
  });

  return (
    <Modal
      open={open}
      title={t('apiKeys.createTitle')}
      okText={t('common:actions.create')}
      cancelText={t('common:actions.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending}
      okButtonProps={{ 'data-testid': 'create-key-submit' }}
      afterClose={clearError}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        name="create-api-key"
        onFinish={submit}
        initialValues={{
          kind: 'client',
          environment: environments[0]?.key,
          role: 'editor',
          protectedEnvironments: false,
        }}
        style={{ marginTop: 16 }}
      >
        <ServerErrorAlert error={error} />
        <Form.Item name="name" label={t('apiKeys.name')} rules={[rules.required('keyName'), rules.name('keyName')]}>
          <Input data-testid="create-key-name" autoFocus placeholder={t('apiKeys.namePlaceholder')} />
        </Form.Item>
        <Form.Item name="kind" label={t('apiKeys.kind')} rules={[rules.choose('kind')]}>
          <Radio.Group aria-label={t('apiKeys.kind')} data-testid="create-key-kind">
            <Space orientation="vertical">
              {API_KEY_KINDS.map((kind) => (
                <Radio key={kind} value={kind} data-testid={`create-key-kind-${kind}`}>
                  <Typography.Text strong>{t(`apiKeys.kinds.${kind}`)}</Typography.Text>
                  <Typography.Text type="secondary"> — {t(`apiKeys.kindHelp.${kind}`)}</Typography.Text>
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </Form.Item>
        <Form.Item name="environment" label={t('apiKeys.environment')} rules={[rules.choose('environment')]}>
          <Select
            data-testid="create-key-environment"
            optionRender={optionTestIds('environment-option')}
            options={environments.map((environment) => ({
              value: environment.key,
              label: environment.name,
            }))}
          />
        </Form.Item>
        <Form.Item noStyle dependencies={['kind']}>
          {() =>
            // A client key only reads its environment's payload: what a key may do is a secret key's setting.
            form.getFieldValue('kind') === 'secret' && (
              <>
                <Form.Item name="role" label={t('apiKeys.role')} extra={t('apiKeys.roleHelp')}>
                  <Select
                    data-testid="create-key-role"
                    options={PROJECT_ROLES.map((role) => ({ value: role, label: t(`common:roles.${role}`) }))}
                    optionRender={optionTestIds('create-key-role')}
                  />
                </Form.Item>
                <Form.Item name="protectedEnvironments" valuePropName="checked" extra={t('apiKeys.protectedHelp')}>
                  <Checkbox data-testid="create-key-protected">{t('apiKeys.protected')}</Checkbox>
                </Form.Item>
              </>
            )
          }
        </Form.Item>
      </Form>
    </Modal>
  );
}
