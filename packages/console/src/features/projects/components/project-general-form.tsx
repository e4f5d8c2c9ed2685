import type { Project, UpdateProjectBody } from '@tabula/protocol';
import { App, Button, Card, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useCan } from '../../../lib/authorization';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useRules } from '../../../lib/validation';
import { useUpdateProject } from '../api/update-project';

export function ProjectGeneralForm({ project }: { project: Project }) {
  const { t } = useTranslation('projects');
  const { message } = App.useApp();
  const rules = useRules();
  const canWrite = useCan('project:write');
  const [form] = Form.useForm<Required<UpdateProjectBody>>();
  const update = useUpdateProject(project.id);
  const { submit, error } = useFormSubmit(form, update.mutateAsync, () => {
    void message.success(t('general.saved'));
  });

  return (
    <Card title={t('general.title')}>
      <Form
        form={form}
        layout="vertical"
        name="project-general"
        onFinish={submit}
        disabled={!canWrite}
        initialValues={{ name: project.name, description: project.description }}
        style={{ maxWidth: 560 }}
      >
        <ServerErrorAlert error={error} />
        <Form.Item
          name="name"
          label={t('fields.name')}
          rules={[rules.required('projectName'), rules.name('projectName')]}
        >
          <Input data-testid="project-name" />
        </Form.Item>
        <Form.Item name="description" label={t('fields.description')}>
          <Input.TextArea rows={3} maxLength={1000} showCount data-testid="project-description" />
        </Form.Item>
        <Form.Item label={t('fields.id')}>
          <Typography.Text code copyable data-testid="project-id">
            {project.id}
          </Typography.Text>
        </Form.Item>
        {canWrite && (
          <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="project-save">
            {t('common:actions.save')}
          </Button>
        )}
      </Form>
    </Card>
  );
}
