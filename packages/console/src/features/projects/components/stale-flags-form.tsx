import { type Project, STALE_AFTER_DAYS_MAX } from '@tabula/protocol';
import { App, Button, Card, Form, InputNumber, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useCan } from '../../../lib/authorization';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useUpdateProject } from '../api/update-project';

interface StaleFlagsValues {
  staleAfterDays: number;
}

/** After how many days a flag no SDK evaluates, or one serving a single value everywhere, is potentially stale. */
export function StaleFlagsForm({ project }: { project: Project }) {
  const { t } = useTranslation('usage');
  const { message } = App.useApp();
  const canWrite = useCan('project:write');
  const [form] = Form.useForm<StaleFlagsValues>();
  const update = useUpdateProject(project.id);
  const { submit, error } = useFormSubmit(
    form,
    (values: StaleFlagsValues) => update.mutateAsync({ staleAfterDays: values.staleAfterDays }),
    () => void message.success(t('settings.saved')),
  );

  return (
    <Card title={t('settings.title')}>
      <Typography.Paragraph type="secondary">{t('settings.description')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        name="project-stale-flags"
        onFinish={submit}
        disabled={!canWrite}
        initialValues={{ staleAfterDays: project.staleAfterDays }}
        style={{ maxWidth: 640 }}
      >
        <ServerErrorAlert error={error} />
        <Form.Item
          name="staleAfterDays"
          label={t('settings.staleAfterDays')}
          rules={[
            {
              validator: (_, value?: number | null) =>
                Number.isInteger(value) && (value as number) >= 1 && (value as number) <= STALE_AFTER_DAYS_MAX
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('settings.staleAfterDaysInvalid', { max: STALE_AFTER_DAYS_MAX }))),
            },
          ]}
        >
          <InputNumber
            min={1}
            max={STALE_AFTER_DAYS_MAX}
            precision={0}
            addonAfter={t('settings.days')}
            data-testid="stale-after-days"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="stale-after-days-save">
          {t('common:actions.save')}
        </Button>
      </Form>
    </Card>
  );
}
