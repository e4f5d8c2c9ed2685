import { type Member, memberListSchema } from '@tabula/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getMembers = async (): Promise<Member[]> =>
  (await api.get('/members', { schema: memberListSchema })).members;

export const getMembersQueryOptions = () => queryOptions({ queryKey: queryKeys.members, queryFn: getMembers });

export const useMembers = () => useQuery(getMembersQueryOptions());
