import type { Experiment } from '@tabula/protocol';
import { useTranslation } from 'react-i18next';
import { keyFromName } from '../../utils/keys';
import { useSaveTemplate } from '../api/save-template';
import { TemplateFormModal } from './template-form-modal';

interface SaveTemplateModalProps {
  projectId: string;
  experiment: Experiment;
  open: boolean;
  onClose: () => void;
}

/** "Save as template": the experiment's setup kept under a name, to start new experiments from. */
export function SaveTemplateModal({ projectId, experiment, open, onClose }: SaveTemplateModalProps) {
  const { t } = useTranslation('experiments');
  const save = useSaveTemplate(projectId);
  return (
    <TemplateFormModal
      open={open}
      title={t('templates.saveTitle')}
      help={t('templates.saveHelp')}
      initialValues={{ name: experiment.name, key: keyFromName(experiment.name) || experiment.key, description: '' }}
      keyEditable
      pending={save.isPending}
      save={(values) => save.mutateAsync({ ...values, fromExperiment: experiment.key })}
      savedMessage={(template) => t('templates.saved', { name: template.name })}
      onClose={onClose}
    />
  );
}
