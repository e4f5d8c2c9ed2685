import { type DivertedChange, type FlagEnvironmentState, flagEnvironmentStateSchema } from '@tabula/protocol';
import { api } from '../../../lib/api-client';
import { orDiverted } from '../../../lib/diverted-change';
import { flagPath } from './flags-path';
import { type FlagEnvironmentTarget, useFlagEnvironmentMutation } from './use-flag-mutation';

export const copyFlagRules = (
  projectId: string,
  flagKey: string,
  from: string,
  to: string,
): Promise<FlagEnvironmentState | DivertedChange> =>
  api.post(`${flagPath(projectId, flagKey)}/environments/copy`, {
    body: { from, to },
    schema: orDiverted(flagEnvironmentStateSchema),
  });

/** Copies one environment's rules over another's (`environment` is the target, which keeps its switch). */
export const useCopyFlagRules = (projectId: string) =>
  useFlagEnvironmentMutation(projectId, ({ flagKey, from, environment }: FlagEnvironmentTarget & { from: string }) =>
    copyFlagRules(projectId, flagKey, from, environment),
  );
