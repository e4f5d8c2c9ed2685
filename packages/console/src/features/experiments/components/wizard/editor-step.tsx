import type { Experiment } from '@tabula/protocol';
import { Alert, Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { changedFields } from '../../utils/experiment-draft';
import { VisualEditorCard } from '../visual-editor-card';
import type { StepProps } from './step-props';

interface EditorStepProps extends StepProps {
  projectId: string;
  /** The wizard's save, staying in the wizard; resolves to null when nothing was saved. */
  onSave: () => Promise<Experiment | null>;
  saving: boolean;
  /** A new experiment saved as a draft here, its editor opened. */
  onDraftSaved?: (experiment: Experiment) => void;
}

/**
 * Visual experiments only: the visual editor opens in a new tab on the experiment's page and saves there; people then
 * come back to this tab and go on with Next Step (spec §4, §8). The editor works on a saved experiment, so a new one is
 * saved as a draft first, and edits made here since the last save are saved before the editor can see them.
 */
export function EditorStep({ projectId, draft, saved, onSave, saving, onDraftSaved }: EditorStepProps) {
  const { t } = useTranslation('experiments');
  const pending = saved !== undefined && Object.keys(changedFields(saved, draft)).length > 0;
  return (
    <Flex vertical gap={16} style={{ maxWidth: 720 }}>
      {pending && (
        <Alert
          type="warning"
          showIcon
          title={t('wizard.editor.unsaved')}
          data-testid="wizard-editor-unsaved"
          action={
            <Button onClick={onSave} loading={saving} data-testid="wizard-editor-save">
              {t('wizard.editor.saveChanges')}
            </Button>
          }
        />
      )}
      {saved ? (
        <VisualEditorCard projectId={projectId} experiment={saved} />
      ) : (
        <VisualEditorCard projectId={projectId} saveFirst={onSave} onDraftSaved={onDraftSaved} />
      )}
      <Typography.Text type="secondary" data-testid="wizard-editor-come-back">
        {t('wizard.editor.comeBack')}
      </Typography.Text>
    </Flex>
  );
}
