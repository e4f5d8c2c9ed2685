import type { ExperimentTemplate } from '@tabula/protocol';
import { useTranslation } from 'react-i18next';
import { useUpdateTemplate } from '../api/update-template';
import { TemplateFormModal } from './template-form-modal';

interface EditTemplateModalProps {
  projectId: string;
  /** The template edited; null while the modal is closed. */
  template: ExperimentTemplate | null;
  onClose: () => void;
}

/** Renames a template or describes it again; its setup is what it was saved with. */
export function EditTemplateModal({ projectId, template, onClose }: EditTemplateModalProps) {
  const { t } = useTranslation('experiments');
  const update = useUpdateTemplate(projectId);
  return (
    <TemplateFormModal
      open={template !== null}
      title={t('templates.editTitle')}
      initialValues={{ name: template?.name ?? '', key: template?.key ?? '', description: template?.description ?? '' }}
      keyEditable={false}
      pending={update.isPending}
      save={({ name, description }) => update.mutateAsync({ key: template?.key ?? '', name, description })}
      savedMessage={(saved) => t('templates.saved', { name: saved.name })}
      onClose={onClose}
    />
  );
}
