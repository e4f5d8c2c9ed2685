import { useUser } from '../../../lib/auth';
import { roleAtLeast } from '../../../lib/authorization';

/** Editors and above change experiments, as the server's routes require; viewers get a read-only console. */
export const useCanEditExperiments = (): boolean => roleAtLeast(useUser().role, 'editor');
