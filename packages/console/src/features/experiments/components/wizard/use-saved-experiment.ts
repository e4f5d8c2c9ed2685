import type { Experiment } from '@tabula/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { queryKeys } from '../../../../lib/query-keys';
import { useExperiment } from '../../api/get-experiment';

/**
 * The saved experiment the wizard edits: the one it was opened with, or the new one it saved as a draft to open the
 * visual editor on. It is read again whenever the wizard's tab comes back to the front, because the editor saves
 * versions in another tab.
 */
export function useSavedExperiment(projectId: string, opened?: Experiment) {
  const queryClient = useQueryClient();
  const [key, setKey] = useState(opened?.key);
  const query = useExperiment(projectId, key ?? '', {
    enabled: key !== undefined,
    initialData: opened,
    refetchOnWindowFocus: 'always',
  });

  /** From now on the wizard edits this experiment, which it has just saved. */
  const adopt = (experiment: Experiment) => {
    queryClient.setQueryData(queryKeys.experiment(projectId, experiment.key), experiment);
    setKey(experiment.key);
  };

  return { saved: query.data ?? opened, adopt };
}
