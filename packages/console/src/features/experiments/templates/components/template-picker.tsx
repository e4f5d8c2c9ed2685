import type { ExperimentTemplate, TemplateMissing } from '@tabula/protocol';
import { Alert, Flex, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ServerErrorAlert } from '../../../../components/server-error-alert';
import { useTemplates } from '../api/get-templates';
import { hasMissing } from '../utils/apply-template';

interface TemplatePickerProps {
  projectId: string;
  /** The template the draft was last filled from. */
  applied: ExperimentTemplate | null;
  onApply: (template: ExperimentTemplate) => void;
}

/** The references a template named that the project no longer has, as one line. */
export function MissingReferences({ missing }: { missing: TemplateMissing }) {
  const { t } = useTranslation('experiments');
  const parts = [
    missing.layer && t('templates.missing.layer', { key: missing.layer }),
    missing.segments.length > 0 && t('templates.missing.segments', { keys: missing.segments.join(', ') }),
    missing.metrics.length > 0 && t('templates.missing.metrics', { keys: missing.metrics.join(', ') }),
  ].filter(Boolean);
  return <>{parts.join(' · ')}</>;
}

/**
 * "Start from a template": picking one fills every step but the name, key, hypothesis and page. What the template
 * names that the project no longer has is left out, and said so.
 */
export function TemplatePicker({ projectId, applied, onApply }: TemplatePickerProps) {
  const { t } = useTranslation('experiments');
  const templates = useTemplates(projectId);
  const list = templates.data ?? [];

  if (!templates.isPending && list.length === 0 && !templates.isError) return null;
  return (
    <Flex vertical gap={8} style={{ marginBottom: 24 }} data-testid="template-picker">
      <ServerErrorAlert error={templates.error} />
      <Flex gap={8} align="center" wrap>
        <label htmlFor="wizard-template">{t('templates.startFrom')}</label>
        <Select
          id="wizard-template"
          style={{ minWidth: 280 }}
          loading={templates.isPending}
          placeholder={t('templates.choose')}
          value={applied?.key}
          options={list.map((template) => ({ value: template.key, label: template.name }))}
          onChange={(key: string) => {
            const template = list.find((candidate) => candidate.key === key);
            if (template) onApply(template);
          }}
          data-testid="template-select"
        />
      </Flex>
      {applied && (
        <Alert
          type={hasMissing(applied.missing) ? 'warning' : 'info'}
          showIcon
          data-testid="template-applied"
          title={t('templates.applied', { name: applied.name })}
          description={hasMissing(applied.missing) && <MissingReferences missing={applied.missing} />}
        />
      )}
    </Flex>
  );
}
