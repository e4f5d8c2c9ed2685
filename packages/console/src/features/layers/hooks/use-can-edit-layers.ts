import { useUser } from '../../../lib/auth';
import { roleAtLeast } from '../../../lib/authorization';

/** Editors and above manage layers, as the server's routes require; viewers see the slot maps only. */
export const useCanEditLayers = (): boolean => roleAtLeast(useUser().role, 'editor');
