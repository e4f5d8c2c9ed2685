import { PlusOutlined } from '@ant-design/icons';
import type { CreateProjectBody, Project } from '@tabula/protocol';
import { Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useCan } from '../../../lib/authorization';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useRules } from '../../../lib/validation';
import { useCreateProject } from '../api/create-project';

interface CreateProjectButtonProps {
  onCreated: (project: Project) => void;
  testId?: string;
}

export function CreateProjectButton({
  onCreated,
  testId: buttonTestId = 'create-project-button',
}: CreateProjectButtonProps) {
  const { t } = useTranslation('projects');
  const rules = useRules();
  const canCreate = useCan('project:write');
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<CreateProjectBody>();
  const create = useCreateProject();
  const { submit, error, clearError } = useFormSubmit(form, create.mutateAsync, (project) => {
    setOpen(false);
    onCreated(project);
  });

  if (!canCreate) return null;
  return (
    <>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)} data-testid={buttonTestId}>
        {t('list.create')}
      </Button>
      <Modal
        open={open}
        title={t('create.title')}
        okText={t('create.submit')}
        cancelText={t('common:actions.cancel')}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        afterClose={() => {
          form.resetFields();
          clearError();
        }}
        confirmLoading={create.isPending}
        okButtonProps={{ 'data-testid': 'create-project-submit' }}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={submit} name="create-project" style={{ marginTop: 16 }}>
          <ServerErrorAlert error={error} />
          <Form.Item
            name="name"
            label={t('fields.name')}
            rules={[rules.required('projectName'), rules.name('projectName')]}
          >
            <Input data-testid="create-project-name" autoFocus />
          </Form.Item>
          <Form.Item name="description" label={t('fields.description')} initialValue="">
            <Input.TextArea rows={3} maxLength={1000} showCount data-testid="create-project-description" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
