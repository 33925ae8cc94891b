/**
 * `DELETE /connected/events/id/{id}/favorite` from the favourites list: the card leaves the list at once
 * (favourites change optimistically, spec section 4) and comes back if the server refuses.
 */
import { eventRoutes } from '@evmap/contract/routes/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/endpoint';
import { eventKeys } from '@/lib/query-keys';
import { favoriteEventsQueryOptions } from './get-favorite-events';

/** Removes event `id` from the viewer's favourites. */
export function removeFavorite(id: number): Promise<void> {
  return callEndpoint(eventRoutes.removeFavorite, { params: { id } });
}

/**
 * The removal as a mutation. Invalidates `eventKeys.favorites()` (the list) and sets `eventKeys.favorite(id)`
 * to false (the heart of the event modal).
 */
export function useRemoveFavorite() {
  const queryClient = useQueryClient();
  const listKey = favoriteEventsQueryOptions().queryKey;
  return useMutation({
    mutationFn: removeFavorite,
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const previous = queryClient.getQueryData(listKey);
      if (previous) {
        queryClient.setQueryData(
          listKey,
          previous.filter((event) => event.id !== id),
        );
      }
      return { previous };
    },
    onError: (_error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(listKey, context.previous);
    },
    onSuccess: (_answer, id) => queryClient.setQueryData(eventKeys.favorite(id), false),
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventKeys.favorites() }),
  });
}
