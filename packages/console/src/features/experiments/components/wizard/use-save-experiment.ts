import type { Experiment, UpdateExperimentBody } from '@tabula/protocol';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../lib/api-client';
import { isDiverted } from '../../../../lib/diverted-change';
import { useCreateExperiment } from '../../api/create-experiment';
import { useUpdateExperiment } from '../../api/update-experiment';
import { changedFields, type ExperimentDraft, toCreateBody } from '../../utils/experiment-draft';
import { type ReRandomisingChange, reRandomisingChanges } from '../../utils/re-randomise';

/** The server's 409 for an update that would re-randomise and did not say so. */
const requiresReRandomise = (error: unknown): boolean =>
  isApiError(error) &&
  error.status === 409 &&
  typeof error.details === 'object' &&
  error.details !== null &&
  (error.details as { requires?: unknown }).requires === 'reRandomise';

/**
 * Save: a new draft is created; a saved experiment gets only what changed. An update that moves units of a running
 * or paused experiment into other versions is sent only after people confirm it, with `reRandomise: true`.
 * Resolves to the saved experiment, or null when people cancelled.
 */
export function useSaveExperiment(projectId: string, saved?: Experiment) {
  const { t } = useTranslation('experiments');
  const { modal } = App.useApp();
  const create = useCreateExperiment(projectId);
  const update = useUpdateExperiment(projectId, saved?.key ?? '');

  const confirmReRandomise = (changes: ReRandomisingChange[]) =>
    new Promise<boolean>((resolve) => {
      modal.confirm({
        title: t('reRandomise.confirmTitle'),
        content: changes.length
          ? t('reRandomise.confirmChanges', {
              changes: changes.map((change) => t(`reRandomise.changes.${change}`)).join(', '),
            })
          : t('reRandomise.confirmServer'),
        okText: t('reRandomise.confirm'),
        cancelText: t('common:actions.cancel'),
        okButtonProps: { danger: true, 'data-testid': 're-randomise-confirm' },
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });

  // An edit waiting for approval in a change request leaves the experiment as it was saved.
  const updated = async (body: UpdateExperimentBody, current: Experiment): Promise<Experiment> => {
    const result = await update.mutateAsync(body);
    return isDiverted(result) ? current : result;
  };

  const send = async (
    current: Experiment,
    changes: UpdateExperimentBody,
    reasons: ReRandomisingChange[],
  ): Promise<Experiment | null> => {
    if (reasons.length > 0 && !(await confirmReRandomise(reasons))) return null;
    try {
      return await updated(reasons.length > 0 ? { ...changes, reRandomise: true } : changes, current);
    } catch (error) {
      // The server knows best what moves units; when it asks, ask people too.
      if (reasons.length > 0 || !requiresReRandomise(error)) throw error;
      if (!(await confirmReRandomise([]))) return null;
      return updated({ ...changes, reRandomise: true }, current);
    }
  };

  const save = async (draft: ExperimentDraft): Promise<Experiment | null> => {
    if (!saved) return create.mutateAsync(toCreateBody(draft));
    const changes = changedFields(saved, draft);
    if (Object.keys(changes).length === 0) return saved;
    return send(saved, changes, reRandomisingChanges(saved, changes));
  };

  return { save, saving: create.isPending || update.isPending };
}
