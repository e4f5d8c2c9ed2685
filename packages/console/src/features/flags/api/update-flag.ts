import { type Flag, flagSchema, type UpdateFlagBody } from '@tabula/protocol';
import { api } from '../../../lib/api-client';
import { flagPath } from './flags-path';
import { useFlagMutation } from './use-flag-mutation';

export const updateFlag = (projectId: string, flagKey: string, body: UpdateFlagBody): Promise<Flag> =>
  api.patch(flagPath(projectId, flagKey), { body, schema: flagSchema });

export const useUpdateFlag = (projectId: string) =>
  useFlagMutation(projectId, ({ flagKey, body }: { flagKey: string; body: UpdateFlagBody }) =>
    updateFlag(projectId, flagKey, body),
  );
