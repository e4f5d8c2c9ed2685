import { type Flag, flagSchema } from '@tabula/protocol';
import { api } from '../../../lib/api-client';
import { flagPath } from './flags-path';
import { useFlagMutation } from './use-flag-mutation';

export const setFlagArchived = (projectId: string, flagKey: string, archived: boolean): Promise<Flag> =>
  api.post(`${flagPath(projectId, flagKey)}/${archived ? 'archive' : 'restore'}`, { schema: flagSchema });

export const useSetFlagArchived = (projectId: string) =>
  useFlagMutation(projectId, ({ flagKey, archived }: { flagKey: string; archived: boolean }) =>
    setFlagArchived(projectId, flagKey, archived),
  );
