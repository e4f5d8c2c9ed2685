import { ExclamationCircleOutlined } from '@ant-design/icons';
import type { Layer, TemplateMissing } from '@tabula/protocol';
import { Alert, Form, Tabs, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SegmentOption } from '../../../../components/conditions-editor';
import { AudienceStep } from '../../components/wizard/audience-step';
import { MetricsFields } from '../../components/wizard/metrics-fields';
import { UnitAttributeField } from '../../components/wizard/unit-attribute-field';
import { VersionsStep } from '../../components/wizard/versions-step';
import { hasMissing } from '../utils/apply-template';
import { SETUP_SECTIONS, type SetupSection } from '../utils/setup-problems';
import { MissingReferences } from './template-picker';
import type { SetupEditorState } from './use-template-setup';

interface TemplateSetupEditorProps extends SetupEditorState {
  projectId: string;
  layers: Layer[];
  segments: SegmentOption[];
  /** What the template names that the project no longer has: the draft already leaves it out. */
  missing: TemplateMissing;
}

/** A template's setup in the wizard's own fields, a section per wizard step; versions without params. */
export function TemplateSetupEditor({
  projectId,
  layers,
  segments,
  missing,
  draft,
  onChange,
  problems,
  section,
  onSection,
}: TemplateSetupEditorProps) {
  const { t } = useTranslation('experiments');
  // Nothing is running from a template: no change of it moves units between versions.
  const step = { draft, onChange, reRandomising: [] };
  const bodies: Record<SetupSection, ReactNode> = {
    audience: (
      <>
        <Form layout="vertical" component="div" style={{ maxWidth: 640 }}>
          <UnitAttributeField {...step} problems={problems.audience} />
        </Form>
        <AudienceStep {...step} problems={problems.audience} layers={layers} segments={segments} />
      </>
    ),
    versions: <VersionsStep {...step} problems={problems.versions} withParams={false} chooseControl />,
    metrics: <MetricsFields {...step} problems={problems.metrics} projectId={projectId} />,
  };
  const label = (key: SetupSection) =>
    problems[key].length === 0 ? (
      t(`wizard.steps.${key}`)
    ) : (
      <Typography.Text type="danger" data-testid={`setup-problems-${key}`}>
        <ExclamationCircleOutlined aria-label={t('templates.setup.hasProblems')} /> {t(`wizard.steps.${key}`)}
      </Typography.Text>
    );

  return (
    <section aria-label={t('templates.setup.title')} data-testid="template-setup">
      <Typography.Title level={5}>{t('templates.setup.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('templates.setup.help')}</Typography.Paragraph>
      {hasMissing(missing) && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="template-setup-missing"
          title={t('templates.setup.missing')}
          description={<MissingReferences missing={missing} />}
        />
      )}
      <Tabs
        activeKey={section}
        onChange={(key) => onSection(key as SetupSection)}
        items={SETUP_SECTIONS.map((key) => ({ key, label: label(key), children: bodies[key] }))}
      />
    </section>
  );
}
