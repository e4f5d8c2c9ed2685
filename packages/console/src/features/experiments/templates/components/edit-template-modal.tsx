import type { ExperimentTemplate, Layer } from '@tabula/protocol';
import { useTranslation } from 'react-i18next';
import type { SegmentOption } from '../../../../components/conditions-editor';
import { useUpdateTemplate } from '../api/update-template';
import { type TemplateFields, TemplateFormModal } from './template-form-modal';
import { TemplateSetupEditor } from './template-setup-editor';
import { useTemplateSetup } from './use-template-setup';

interface EditTemplateModalProps {
  projectId: string;
  template: ExperimentTemplate;
  open: boolean;
  /** What the setup can name: the project's layers and segments. */
  layers: Layer[];
  segments: SegmentOption[];
  onClose: () => void;
  afterClose: () => void;
}

/**
 * Renames a template, describes it again and changes its setup; its key stays. Experiments started from it keep
 * what they were started with.
 */
export function EditTemplateModal({
  projectId,
  template,
  open,
  layers,
  segments,
  onClose,
  afterClose,
}: EditTemplateModalProps) {
  const { t } = useTranslation('experiments');
  const update = useUpdateTemplate(projectId);
  const setup = useTemplateSetup(template);

  const save = async ({ name, description }: TemplateFields) => {
    // A setup left as it was is not sent, so a rename never waits on what the template kept.
    const changes = setup.changes();
    if (changes.settings && !setup.check()) return null;
    try {
      return await update.mutateAsync({ key: template.key, name, description, ...changes });
    } catch (error) {
      const rest = setup.takeServerIssues(error);
      if (rest) throw rest;
      return null;
    }
  };

  return (
    <TemplateFormModal
      open={open}
      title={t('templates.editTitle')}
      initialValues={{ name: template.name, key: template.key, description: template.description }}
      keyEditable={false}
      pending={update.isPending}
      save={save}
      savedMessage={(saved) => t('templates.saved', { name: saved.name })}
      onClose={onClose}
      afterClose={afterClose}
      width={880}
    >
      <TemplateSetupEditor
        {...setup.editor}
        projectId={projectId}
        layers={layers}
        segments={segments}
        missing={template.missing}
      />
    </TemplateFormModal>
  );
}
