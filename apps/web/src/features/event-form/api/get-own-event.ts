/** `GET /connected/events/uuid/{uuid}`: one of the signed-in event-manager's own events. */
import type { eventResponseSchema } from '@evmap/contract/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, endpoint } from '@/lib/endpoint';
import { eventKeys } from '@/lib/query-keys';

export const getOwnEventEndpoint = endpoint<{ response: typeof eventResponseSchema }>()(
  'GET',
  '/connected/events/uuid/:uuid',
);

/** Query options for an own event by uuid (a 404 or 403 is not retried). */
export const ownEventQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: eventKeys.ownDetail(uuid),
    queryFn: async ({ signal }) => (await callEndpoint(getOwnEventEndpoint, { params: { uuid }, signal })).event,
  });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The own event `uuid` as a query; a link that is no uuid fails at once, without asking the API. */
export function useOwnEvent(uuid: string) {
  const valid = UUID.test(uuid);
  const query = useQuery({ ...ownEventQueryOptions(uuid), enabled: valid });
  return valid ? query : { ...query, isError: true as const, data: undefined };
}
