/** `GET /public/events/handle-or-uuid/{x}`: one event by its handle or uuid. */
import type { Event } from '@evmap/contract/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Fetches an event. */
export async function getEvent(handleOrUuid: string, signal?: AbortSignal): Promise<Event> {
  const { event } = await api.get<{ event: Event }>(
    `/public/events/handle-or-uuid/${encodeURIComponent(handleOrUuid)}`,
    {
      signal,
    },
  );
  return event;
}

/** Query options for an event. */
export const eventQueryOptions = (handleOrUuid: string) =>
  queryOptions({
    queryKey: ['event', handleOrUuid],
    queryFn: ({ signal }) => getEvent(handleOrUuid, signal),
    retry: false,
  });

/** The event as a query (disabled without a handle). */
export function useEvent(handleOrUuid: string | undefined) {
  return useQuery({ ...eventQueryOptions(handleOrUuid ?? ''), enabled: Boolean(handleOrUuid) });
}
