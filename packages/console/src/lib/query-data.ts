import type { QueryClient, QueryKey, Updater } from '@tanstack/react-query';

/**
 * Puts a change's answer in the cache as the query's data. A fetch of the same query already under way was answered
 * before the change and would, landing later, put back what the change replaced (a switch flipping back on its own),
 * so it is cancelled first.
 */
export async function storeAnswer<T>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  answer: Updater<T | undefined, T | undefined>,
): Promise<void> {
  await queryClient.cancelQueries({ queryKey, exact: true });
  queryClient.setQueryData<T>(queryKey, answer);
}
