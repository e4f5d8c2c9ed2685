import type { ChangeOperation, CopyFlagEnvironmentBody, FlagEnvironmentBody, UpdateFlagBody } from '@tabula/protocol';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { invalidField } from '../../http/app-error';
import { protectedEnvironmentsAmong } from '../project-access/service';
import { getFlag } from './service';

type Params = { projectId: string; flagKey: string; envKey?: string };

/** Fields of a flag's definition that change what it serves; a rename or a new tag changes nothing served. */
const SERVED: (keyof UpdateFlagBody)[] = ['variants', 'defaultVariant', 'offVariant'];

/**
 * The protected environments a flag request would change. Its switch and rules in one environment reach that one;
 * a change to the values it serves, archiving, restoring or deleting reach those where it is on, since only there
 * does it serve its rules to real users.
 */
export const flagReach = (db: Database) => ({
  environment: async (request: FastifyRequest) => {
    const { projectId, envKey } = request.params as Params;
    return protectedEnvironmentsAmong(db, projectId, [envKey!]);
  },
  copy: async (request: FastifyRequest) => {
    const { projectId } = request.params as Params;
    return protectedEnvironmentsAmong(db, projectId, [(request.body as CopyFlagEnvironmentBody).to]);
  },
  served: async (request: FastifyRequest) => {
    const { projectId, flagKey } = request.params as Params;
    const body = request.body as UpdateFlagBody | undefined;
    if (request.method === 'PATCH' && !SERVED.some((field) => body?.[field] !== undefined)) return [];
    const flag = await getFlag(db, projectId, flagKey);
    const on = Object.entries(flag.environments).filter(([, state]) => state.enabled);
    return protectedEnvironmentsAmong(
      db,
      projectId,
      on.map(([key]) => key),
    );
  },
});

/** The change a flag request makes, as a change request holds it, for environments that ask for approval. */
export const flagDiversions = (db: Database) => ({
  environment: async (request: FastifyRequest): Promise<ChangeOperation> => {
    const { flagKey, envKey } = request.params as Params;
    return {
      kind: 'flag.environment',
      flag: flagKey,
      environment: envKey!,
      change: request.body as FlagEnvironmentBody,
    };
  },
  /** Copying is setting the target's rules and prerequisites to the source's, as they are now. */
  copy: async (request: FastifyRequest): Promise<ChangeOperation> => {
    const { projectId, flagKey } = request.params as Params;
    const { from, to } = request.body as CopyFlagEnvironmentBody;
    const source = (await getFlag(db, projectId, flagKey)).environments[from];
    if (!source) throw invalidField('from', `Flag "${flagKey}" has no environment "${from}"`);
    const change = { rules: source.rules, prerequisites: source.prerequisites } as FlagEnvironmentBody;
    return { kind: 'flag.environment', flag: flagKey, environment: to, change };
  },
});
