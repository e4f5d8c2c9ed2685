import type { Experiment } from '@tabula/protocol';
import type { ExperimentDraft } from '../../utils/experiment-draft';
import type { ReRandomisingChange } from '../../utils/re-randomise';
import type { Problem } from '../../utils/step-validation';

/** What every wizard step gets: the draft, a way to change it, and the problems to show. */
export interface StepProps {
  draft: ExperimentDraft;
  onChange: (change: Partial<ExperimentDraft>) => void;
  problems: Problem[];
  /** The saved experiment when editing one; absent while creating. */
  saved?: Experiment;
  /** The edits so far that would put units of a running or paused experiment into other versions. */
  reRandomising: ReRandomisingChange[];
}
