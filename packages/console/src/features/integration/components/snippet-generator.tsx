import type { ApiKey, ProductFamily } from '@tabula/protocol';
import { buildSnippet, SDK_POLL_INTERVAL_MS, type SnippetInput, type SnippetStyle } from '@tabula/protocol';
import { Alert, Card, Col, Form, Input, Row, Select, Skeleton, Switch, Tabs, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SnippetCode } from './snippet-code';

interface SnippetGeneratorProps {
  projectId: string;
  /** The project's usable client keys; the snippet embeds one. */
  clientKeys: ApiKey[];
  /** The keys are still on their way: no snippet yet, as one without its key would not work where pasted. */
  loading: boolean;
  origin: string;
  /** Spec §1: the edition's family decides the form and the SDK version. */
  family: ProductFamily;
  /** Where to create a client key when the project has none. */
  createKeyLink: React.ReactNode;
}

type Options = Pick<SnippetInput, 'clientKey' | 'unitId' | 'enableUI' | 'autoPoll' | 'autoExposure' | 'streaming'>;

/**
 * Spec §1: the SDK integration snippet, built from the family's inputs and the poll and exposure options, plus live
 * updates.
 */
export function SnippetGenerator({
  projectId,
  clientKeys,
  loading,
  origin,
  family,
  createKeyLink,
}: SnippetGeneratorProps) {
  const { t } = useTranslation('integration');
  const [style, setStyle] = useState<SnippetStyle>('script');
  const [form] = Form.useForm<Options>();
  const initial: Options = {
    clientKey: clientKeys[0]?.key ?? '',
    unitId: '',
    enableUI: false,
    // Spec §1: automatic poll on and automatic exposure off unless people choose otherwise.
    autoPoll: true,
    autoExposure: false,
    // On unless people choose otherwise: the production switch promises real users the change within seconds, which
    // a page waiting for its next poll would break.
    streaming: true,
  };
  const values = { ...initial, ...Form.useWatch([], form) };
  // Keys arrive (and are revoked) while people fill the form: follow them without discarding what was typed.
  const firstKey = clientKeys[0]?.key ?? '';
  const chosenKeyGone = !clientKeys.some((key) => key.key === values.clientKey);
  useEffect(() => {
    if (chosenKeyGone) form.setFieldValue('clientKey', firstKey);
  }, [chosenKeyGone, firstKey, form]);
  const isTab = family === 'tab';
  // An encrypted environment's pages need its decryption key too, which comes with the chosen client key.
  const decryptionKey = clientKeys.find((key) => key.key === values.clientKey)?.decryptionKey ?? undefined;
  const code = buildSnippet(
    { ...values, family, clientKey: values.clientKey || '{key}', decryptionKey, origin, projectId },
    style,
  );
  const pollMinutes = SDK_POLL_INTERVAL_MS / 60_000;

  return (
    <Card title={t('generator.title')}>
      {!loading && clientKeys.length === 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('generator.noKey')}
          description={createKeyLink}
        />
      )}
      <Row gutter={[32, 16]}>
        <Col xs={24} lg={10}>
          <Form form={form} layout="vertical" initialValues={initial} name="snippet">
            <Form.Item label={t('generator.family')} extra={t('generator.familyHelp')}>
              <Typography.Text strong data-testid="snippet-family" data-family={family}>
                {isTab ? t('generator.families.tab') : t('generator.families.other')}
              </Typography.Text>
            </Form.Item>
            <Form.Item label={isTab ? t('generator.appId') : t('generator.projectId')} htmlFor="snippet_projectId">
              <Input id="snippet_projectId" value={projectId} readOnly data-testid="snippet-project-id" />
            </Form.Item>
            <Form.Item
              name="unitId"
              label={isTab ? t('generator.userId') : t('generator.unitId')}
              extra={isTab ? t('generator.userIdHelp') : t('generator.unitIdHelp')}
            >
              <Input placeholder={t('generator.unitIdPlaceholder')} data-testid="snippet-unit-id" />
            </Form.Item>
            <Form.Item
              name="clientKey"
              label={t('generator.clientKey')}
              extra={decryptionKey && t('generator.decryptionKeyHelp')}
            >
              <Select
                data-testid="snippet-client-key"
                options={clientKeys.map((key) => ({ value: key.key ?? '', label: `${key.name} · ${key.environment}` }))}
              />
            </Form.Item>
            <Form.Item name="enableUI" label={t('generator.enableUI')} extra={t('generator.enableUIHelp')}>
              <Switch data-testid="snippet-enable-ui" />
            </Form.Item>
            <Form.Item
              name="autoPoll"
              label={t('generator.autoPoll')}
              extra={t('generator.autoPollHelp', { minutes: pollMinutes })}
            >
              <Switch data-testid="snippet-auto-poll" />
            </Form.Item>
            <Form.Item name="streaming" label={t('generator.streaming')} extra={t('generator.streamingHelp')}>
              <Switch data-testid="snippet-streaming" />
            </Form.Item>
            <Form.Item name="autoExposure" label={t('generator.autoExposure')} extra={t('generator.autoExposureHelp')}>
              <Switch data-testid="snippet-auto-exposure" />
            </Form.Item>
          </Form>
        </Col>
        <Col xs={24} lg={14}>
          <Tabs
            activeKey={style}
            onChange={(key) => setStyle(key as SnippetStyle)}
            items={[
              { key: 'script', label: t('generator.styles.script') },
              { key: 'javascript', label: t('generator.styles.javascript') },
            ]}
          />
          <Typography.Paragraph type="secondary">{t('generator.where')}</Typography.Paragraph>
          {loading ? (
            <div data-testid="snippet-loading">
              <Skeleton active paragraph={{ rows: 6 }} title={false} />
            </div>
          ) : (
            <SnippetCode code={code} />
          )}
        </Col>
      </Row>
    </Card>
  );
}
