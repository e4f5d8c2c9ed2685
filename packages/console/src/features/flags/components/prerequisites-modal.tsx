import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Flag, Prerequisite } from '@tabula/protocol';
import { Button, Flex, Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useFlags } from '../api/get-flags';
import { useUpdateFlagEnvironment } from '../api/update-flag-environment';

interface PrerequisitesModalProps {
  projectId: string;
  flag: Flag;
  environment: { key: string; name: string };
  prerequisites: Prerequisite[];
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}

interface Values {
  prerequisites: { flag?: string; variants?: string[] }[];
}

/** The flags that can be required: the project's other active flags (the server refuses cycles and names them). */
export function PrerequisitesModal(props: PrerequisitesModalProps) {
  const { projectId, flag, environment, prerequisites, open, onClose, onSaved } = props;
  const { t } = useTranslation('flags');
  const [form] = Form.useForm<Values>();
  const flags = useFlags(projectId, { status: 'active', limit: 100 });
  const update = useUpdateFlagEnvironment(projectId);
  const others = (flags.data?.flags ?? []).filter((candidate) => candidate.key !== flag.key);
  const chosen = Form.useWatch('prerequisites', form) ?? [];
  const { submit, error, clearError } = useFormSubmit(
    form,
    (values: Values) =>
      update.mutateAsync({
        flagKey: flag.key,
        environment: environment.key,
        body: {
          prerequisites: values.prerequisites.map((row) => ({ flag: row.flag ?? '', variants: row.variants ?? [] })),
        },
      }),
    onSaved,
  );

  return (
    <Modal
      open={open}
      width={640}
      title={t('prerequisites.title', { key: flag.key, environment: environment.name })}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={update.isPending}
      okButtonProps={{ 'data-testid': 'prerequisites-submit' }}
      afterClose={clearError}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        name="prerequisites"
        onFinish={submit}
        initialValues={{ prerequisites }}
        style={{ marginTop: 16 }}
      >
        <ServerErrorAlert error={error ?? flags.error} />
        <Form.List name="prerequisites">
          {(fields, { add, remove }) => (
            <Flex vertical gap={8}>
              {fields.map((field, index) => {
                const required = others.find((candidate) => candidate.key === chosen[index]?.flag);
                return (
                  <Flex key={field.key} gap={8} align="start" data-testid={`prerequisite-row-${index}`}>
                    <Form.Item
                      name={[field.name, 'flag']}
                      label={t('prerequisites.flag')}
                      rules={[{ required: true, message: t('prerequisites.chooseFlag') }]}
                      style={{ flex: 1, marginBottom: 0 }}
                    >
                      <Select
                        showSearch
                        loading={flags.isPending}
                        options={others.map((candidate) => ({
                          value: candidate.key,
                          label: `${candidate.name} (${candidate.key})`,
                        }))}
                        onChange={() => form.setFieldValue(['prerequisites', field.name, 'variants'], [])}
                        data-testid={`prerequisite-flag-${index}`}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'variants']}
                      label={t('prerequisites.variants')}
                      rules={[{ required: true, type: 'array', min: 1, message: t('prerequisites.chooseVariants') }]}
                      style={{ flex: 1, marginBottom: 0 }}
                    >
                      <Select
                        mode="multiple"
                        options={(required?.variants ?? []).map((variant) => ({
                          value: variant.key,
                          label: variant.key,
                        }))}
                        data-testid={`prerequisite-variants-${index}`}
                      />
                    </Form.Item>
                    <Button
                      type="text"
                      icon={<DeleteOutlined />}
                      aria-label={t('prerequisites.remove')}
                      onClick={() => remove(field.name)}
                      style={{ marginTop: 30 }}
                    />
                  </Flex>
                );
              })}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({ variants: [] })}
                data-testid="prerequisite-add"
              >
                {t('prerequisites.add')}
              </Button>
            </Flex>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
