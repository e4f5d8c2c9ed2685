import type { Flag } from '@tabula/protocol';
import { Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useUpdateFlag } from '../api/update-flag';
import { toMetadataFields, toVariantChoice } from '../utils/flag-definition-form';
import { toVariantFields } from '../utils/variant-fields';
import { type FlagFormValues, toFlagBody } from './create-flag-modal';
import { FlagDefinitionFields } from './flag-definition-fields';

type EditValues = Omit<FlagFormValues, 'key' | 'type'>;

interface EditFlagModalProps {
  projectId: string;
  flag: Flag;
  open: boolean;
  onClose: () => void;
}

/** Key and type stay: code reads the flag by key and expects values of its type. */
export function EditFlagModal({ projectId, flag, open, onClose }: EditFlagModalProps) {
  const { t } = useTranslation('flags');
  const [form] = Form.useForm<EditValues>();
  const update = useUpdateFlag(projectId);
  const { submit, error, clearError } = useFormSubmit(
    form,
    (values: EditValues) => {
      const { key: _key, type: _type, ...body } = toFlagBody({ ...values, key: flag.key, type: flag.type });
      return update.mutateAsync({ flagKey: flag.key, body });
    },
    onClose,
  );

  return (
    <Modal
      open={open}
      width={720}
      title={t('edit.title', { key: flag.key })}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={update.isPending}
      okButtonProps={{ 'data-testid': 'edit-flag-submit' }}
      afterClose={clearError}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        name="edit-flag"
        onFinish={submit}
        initialValues={{
          name: flag.name,
          description: flag.description,
          variants: toVariantFields(flag.type, flag.variants),
          defaultVariant: toVariantChoice(flag.defaultVariant),
          offVariant: toVariantChoice(flag.offVariant),
          tags: flag.tags,
          metadata: toMetadataFields(flag.metadata),
        }}
        style={{ marginTop: 16 }}
      >
        <ServerErrorAlert error={error} />
        <FlagDefinitionFields type={flag.type} />
      </Form>
    </Modal>
  );
}
