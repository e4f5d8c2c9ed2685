import { FLAG_TYPES, type Flag, type FlagType } from '@tabula/protocol';
import { Form, Input, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useRules } from '../../../lib/validation';
import { useCreateFlag } from '../api/create-flag';
import { fromVariantChoice, type MetadataField, toMetadata } from '../utils/flag-definition-form';
import { defaultVariantFields, toVariants, type VariantField } from '../utils/variant-fields';
import { FlagDefinitionFields } from './flag-definition-fields';

export interface FlagFormValues {
  key: string;
  name: string;
  description: string;
  type: FlagType;
  variants: VariantField[];
  /** A variant key, or NO_VARIANT for the code's own default. */
  defaultVariant: string;
  offVariant: string;
  tags: string[];
  metadata: MetadataField[];
}

interface CreateFlagModalProps {
  projectId: string;
  open: boolean;
  onClose: () => void;
  onCreated: (flag: Flag) => void;
}

const initialValues: Partial<FlagFormValues> = {
  type: 'boolean',
  description: '',
  variants: defaultVariantFields('boolean'),
  defaultVariant: 'on',
  offVariant: 'off',
  tags: [],
  metadata: [],
};

/** The API's words for what the form edits; the edit form sends the same, less key and type. */
export const toFlagBody = ({ variants, defaultVariant, offVariant, metadata, ...values }: FlagFormValues) => ({
  ...values,
  variants: toVariants(values.type, variants),
  defaultVariant: fromVariantChoice(defaultVariant),
  offVariant: fromVariantChoice(offVariant),
  metadata: toMetadata(metadata),
});

export function CreateFlagModal({ projectId, open, onClose, onCreated }: CreateFlagModalProps) {
  const { t } = useTranslation('flags');
  const rules = useRules();
  const [form] = Form.useForm<FlagFormValues>();
  const type = Form.useWatch('type', form) ?? 'boolean';
  const create = useCreateFlag(projectId);
  const { submit, error, clearError } = useFormSubmit(
    form,
    (values: FlagFormValues) => create.mutateAsync(toFlagBody(values)),
    (flag) => {
      onClose();
      onCreated(flag);
    },
  );

  // Each type starts from its own variants; the default and off variants follow.
  const changeType = (next: FlagType) => {
    const variants = defaultVariantFields(next);
    form.setFieldsValue({
      variants,
      defaultVariant: variants[0]?.key,
      offVariant: variants[next === 'boolean' ? 1 : 0]?.key,
    });
  };

  return (
    <Modal
      open={open}
      width={720}
      title={t('create.title')}
      okText={t('common:actions.create')}
      cancelText={t('common:actions.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending}
      okButtonProps={{ 'data-testid': 'create-flag-submit' }}
      afterClose={clearError}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        name="create-flag"
        onFinish={submit}
        initialValues={initialValues}
        style={{ marginTop: 16 }}
      >
        <ServerErrorAlert error={error} />
        <Form.Item
          name="key"
          label={t('fields.key')}
          extra={t('fields.keyHelp')}
          rules={[rules.required('key'), rules.key()]}
        >
          <Input data-testid="flag-key" autoFocus placeholder="new-checkout" style={{ fontFamily: 'monospace' }} />
        </Form.Item>
        <Form.Item name="type" label={t('fields.type')}>
          <Radio.Group
            optionType="button"
            aria-label={t('fields.type')}
            onChange={(event) => changeType(event.target.value as FlagType)}
            options={FLAG_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))}
            data-testid="flag-type"
          />
        </Form.Item>
        <FlagDefinitionFields type={type} />
      </Form>
    </Modal>
  );
}
