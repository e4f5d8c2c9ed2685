import {
  type DivertedChange,
  type FlagEnvironmentBody,
  type FlagEnvironmentState,
  flagEnvironmentStateSchema,
} from '@tabula/protocol';
import { api } from '../../../lib/api-client';
import { orDiverted } from '../../../lib/diverted-change';
import { flagPath } from './flags-path';
import { type FlagEnvironmentTarget, useFlagEnvironmentMutation } from './use-flag-mutation';

export const updateFlagEnvironment = (
  projectId: string,
  { flagKey, environment }: FlagEnvironmentTarget,
  body: FlagEnvironmentBody,
): Promise<FlagEnvironmentState | DivertedChange> =>
  api.put(`${flagPath(projectId, flagKey)}/environments/${encodeURIComponent(environment)}`, {
    body,
    schema: orDiverted(flagEnvironmentStateSchema),
  });

/** The switch, the rules, or both, of one environment. */
export const useUpdateFlagEnvironment = (projectId: string) =>
  useFlagEnvironmentMutation(projectId, (variables: FlagEnvironmentTarget & { body: FlagEnvironmentBody }) =>
    updateFlagEnvironment(projectId, variables, variables.body),
  );
