import { useUser } from '../../../lib/auth';
import { roleAtLeast } from '../../../lib/authorization';

/** Editors and above change the library, as the server's routes require; viewers read it. */
export const useCanEditMetrics = (): boolean => roleAtLeast(useUser().role, 'editor');
