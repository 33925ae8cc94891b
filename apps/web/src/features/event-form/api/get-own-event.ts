/** `GET /connected/events/uuid/{uuid}`: one of the signed-in event-manager's own events. */

import { eventRoutes } from '@evmap/contract/routes/events';
import { isUuid } from '@evmap/contract/uuid';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/endpoint';
import { eventKeys } from '@/lib/query-keys';

/** Query options for an own event by uuid (a 404 or 403 is not retried). */
export const ownEventQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: eventKeys.ownDetail(uuid),
    queryFn: async ({ signal }) => (await callEndpoint(eventRoutes.ownByUuid, { params: { uuid }, signal })).event,
  });

/** The own event `uuid` as a query; a link that is no uuid fails at once, without asking the API. */
export function useOwnEvent(uuid: string) {
  const valid = isUuid(uuid);
  const query = useQuery({ ...ownEventQueryOptions(uuid), enabled: valid });
  return valid ? query : { ...query, isError: true as const, data: undefined };
}
