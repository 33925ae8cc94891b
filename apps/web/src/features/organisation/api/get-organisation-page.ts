/** `GET /public/organisations/{handle}?page=`: an organisation's public face, a page of its upcoming events, its feeds. */
import type { OrganisationPage } from '@evmap/contract/organisations';
import { organisationsRoutes } from '@evmap/contract/routes/organisations';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/endpoint';

/** The query keys of this feature. */
export const organisationKeys = {
  all: ['organisation'] as const,
  page: (handle: string, page: number) => ['organisation', handle, page] as const,
};

export function getOrganisationPage(handle: string, page: number, signal?: AbortSignal): Promise<OrganisationPage> {
  return callEndpoint(organisationsRoutes.page, { params: { handle }, query: { page }, signal });
}

export const organisationPageQueryOptions = (handle: string, page: number) =>
  queryOptions({
    queryKey: organisationKeys.page(handle, page),
    queryFn: ({ signal }) => getOrganisationPage(handle, page, signal),
    retry: false,
    // The list stays while the next page loads.
    placeholderData: keepPreviousData,
  });

export const useOrganisationPage = (handle: string, page: number) =>
  useQuery(organisationPageQueryOptions(handle, page));
