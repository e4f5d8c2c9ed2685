import { type SessionInfo, sessionInfoSchema } from '@tabula/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The browsers signed in as the current user, this one among them. */
export const getSessions = (): Promise<SessionInfo[]> =>
  api.get('/auth/sessions', { schema: sessionInfoSchema.array() });

export const getSessionsQueryOptions = () => queryOptions({ queryKey: queryKeys.sessions, queryFn: getSessions });

export const useSessions = () => useQuery(getSessionsQueryOptions());
