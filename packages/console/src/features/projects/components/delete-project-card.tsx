import { DeleteOutlined } from '@ant-design/icons';
import type { Project } from '@tabula/protocol';
import { App, Button, Card, Flex, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useCan } from '../../../lib/authorization';
import { useRules } from '../../../lib/validation';
import { useDeleteProject } from '../api/delete-project';

/** Deleting takes typing the project's name: a click alone is too easy for something this final. */
export function DeleteProjectCard({ project, onDeleted }: { project: Project; onDeleted: () => void }) {
  const { t } = useTranslation('projects');
  const { message } = App.useApp();
  const rules = useRules();
  const canDelete = useCan('project:delete');
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ confirmation: string }>();
  const remove = useDeleteProject();

  if (!canDelete) return null;
  const confirm = () =>
    remove.mutate(project.id, {
      onSuccess: () => {
        setOpen(false);
        void message.success(t('danger.deleted', { name: project.name }));
        onDeleted();
      },
    });

  return (
    <Card title={t('danger.title')} styles={{ header: { color: '#cf1322' } }} style={{ borderColor: '#ffccc7' }}>
      <Flex justify="space-between" align="center" gap={16} wrap>
        <Typography.Text type="secondary" style={{ maxWidth: 560 }}>
          {t('danger.description')}
        </Typography.Text>
        <Button danger icon={<DeleteOutlined />} onClick={() => setOpen(true)} data-testid="delete-project">
          {t('danger.button')}
        </Button>
      </Flex>
      <Modal
        open={open}
        title={t('danger.confirmTitle', { name: project.name })}
        okText={t('danger.button')}
        okButtonProps={{ danger: true, 'data-testid': 'delete-project-confirm' }}
        cancelText={t('common:actions.cancel')}
        confirmLoading={remove.isPending}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        afterClose={() => {
          form.resetFields();
          remove.reset();
        }}
        destroyOnHidden
      >
        <ServerErrorAlert error={remove.error} />
        <Typography.Paragraph>{t('danger.description')}</Typography.Paragraph>
        <Form form={form} layout="vertical" onFinish={confirm} name="delete-project">
          <Form.Item
            name="confirmation"
            label={t('danger.confirmHint', { name: project.name })}
            rules={[rules.required('confirmation'), rules.equals('confirmation', project.name)]}
          >
            <Input autoComplete="off" data-testid="delete-project-confirmation" />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
