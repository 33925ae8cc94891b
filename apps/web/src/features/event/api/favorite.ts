/**
 * `GET|POST|DELETE /connected/events/id/{id}/favorite`: whether a viewer's favourite, and the
 * toggle, applied optimistically and rolled back when the server refuses.
 */
import { eventRoutes } from '@evmap/contract/routes/events';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/endpoint';
import { eventKeys } from '@/lib/query-keys';

/** Whether the event is a favourite of the signed-in viewer. */
export async function getFavorite(id: number, signal?: AbortSignal): Promise<boolean> {
  return (await callEndpoint(eventRoutes.favoriteState, { params: { id }, signal })).isFavorite;
}

/** Adds (true) or removes (false) the favourite. */
export async function setFavorite(id: number, favorite: boolean): Promise<void> {
  await callEndpoint(favorite ? eventRoutes.addFavorite : eventRoutes.removeFavorite, { params: { id } });
}

/** Query options for the favourite state of event `id`; the toggle's optimistic updates write under its key. */
export const favoriteQueryOptions = (id: number) =>
  queryOptions({ queryKey: eventKeys.favorite(id), queryFn: ({ signal }) => getFavorite(id, signal) });

/** The favourite state (only when `enabled`, i.e. for viewers). */
export function useFavorite(id: number, enabled: boolean) {
  return useQuery({ ...favoriteQueryOptions(id), enabled });
}

/** The optimistic toggle; invalidates the favourites list. */
export function useSetFavorite(id: number) {
  const queryClient = useQueryClient();
  const key = favoriteQueryOptions(id).queryKey;
  return useMutation({
    mutationFn: (favorite: boolean) => setFavorite(id, favorite),
    onMutate: async (favorite) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key);
      queryClient.setQueryData(key, favorite);
      return { previous };
    },
    onError: (_error, _favorite, context) => queryClient.setQueryData(key, context?.previous),
    // The favourites list of /profile follows the heart.
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventKeys.favorites() }),
  });
}
