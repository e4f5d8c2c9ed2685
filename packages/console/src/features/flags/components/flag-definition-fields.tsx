import type { FlagType } from '@tabula/protocol';
import { Col, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FieldGroup } from '../../../components/field-group';
import { useRules } from '../../../lib/validation';
import { NO_VARIANT } from '../utils/flag-definition-form';
import type { VariantField } from '../utils/variant-fields';
import { MetadataField } from './metadata-field';
import { VariantsField } from './variants-field';

/** The fields a flag's create and edit forms share: what it is called and what it serves. */
export function FlagDefinitionFields({ type }: { type: FlagType }) {
  const { t } = useTranslation('flags');
  const rules = useRules();
  const variants = Form.useWatch<VariantField[] | undefined>('variants') ?? [];
  const variantOptions = variants
    .map((variant) => variant?.key?.trim())
    .filter((key): key is string => Boolean(key))
    .map((key) => ({ value: key, label: key }));
  // None serves the default value written in the code that reads the flag.
  variantOptions.push({ value: NO_VARIANT, label: t('fields.noVariant') });
  // Required, but NO_VARIANT (the empty string) is a choice, which antd's `required` would refuse.
  const chooseVariant = {
    required: true,
    validator: (_: unknown, value: string | undefined) =>
      value === undefined || value === null
        ? Promise.reject(new Error(t('common:validation.choose', { s: t('nouns.variant') })))
        : Promise.resolve(),
  };

  return (
    <>
      <Form.Item name="name" label={t('fields.name')} rules={[rules.required('name'), rules.name()]}>
        <Input data-testid="flag-name" placeholder={t('fields.namePlaceholder')} />
      </Form.Item>
      <Form.Item name="description" label={t('fields.description')}>
        <Input.TextArea rows={2} maxLength={1000} data-testid="flag-description" />
      </Form.Item>
      <Form.Item label={t('fields.variants')} required>
        {/* A list of fields, each with its own label: the form's label names the group. */}
        <FieldGroup label={t('fields.variants')}>
          <VariantsField type={type} />
        </FieldGroup>
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="defaultVariant"
            label={t('fields.defaultVariant')}
            tooltip={t('fields.defaultVariantHelp')}
            rules={[chooseVariant]}
          >
            <Select options={variantOptions} data-testid="flag-default-variant" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="offVariant"
            label={t('fields.offVariant')}
            tooltip={t('fields.offVariantHelp')}
            rules={[chooseVariant]}
          >
            <Select options={variantOptions} data-testid="flag-off-variant" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="tags" label={t('fields.tags')}>
        <Select
          mode="tags"
          open={false}
          suffixIcon={null}
          tokenSeparators={[',', ' ']}
          placeholder={t('fields.tagsPlaceholder')}
          data-testid="flag-tags"
        />
      </Form.Item>
      <Form.Item label={t('fields.metadata')} tooltip={t('fields.metadataHelp')}>
        <FieldGroup label={t('fields.metadata')}>
          <MetadataField />
        </FieldGroup>
      </Form.Item>
    </>
  );
}
