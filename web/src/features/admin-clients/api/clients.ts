import {
  blockClientResponseSchema,
  clientProfileSchema,
  clientSchema,
  clientsOverviewSchema,
  type Client,
  type ClientProfile,
  type UpdateClientBody,
} from '@kreechat/contract';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { adminClientsQueryRoot } from '@/lib/query-keys';
import {
  nextClientsOffset,
  patchClientList,
  patchClientPages,
  patchClientProfile,
  type ClientsPage,
} from '@/features/admin-clients/lib/client-cache';

const clientListSchema = z.array(clientSchema);

const adminClientsKey = adminClientsQueryRoot;
const listKey = [...adminClientsKey, 'list'] as const;
const searchKey = (text: string) => [...adminClientsKey, 'search', text] as const;
const profileKey = (ref: string) => [...adminClientsKey, 'profile', ref] as const;

/** GET /admin/get-all-clients for the first 20 with the count, then GET /{offset}/get-clients for the next 10s. */
async function getClientsPage(offset: number, signal: AbortSignal): Promise<ClientsPage> {
  if (offset === 0) {
    const overview = await api.get('/admin/get-all-clients', clientsOverviewSchema, signal);
    return { total: overview.totalClients, clients: overview.clients };
  }
  return { total: null, clients: await api.get(`/${offset}/get-clients`, clientListSchema, signal) };
}

export function useClientList() {
  return useInfiniteQuery({
    queryKey: listKey,
    queryFn: ({ pageParam, signal }) => getClientsPage(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextClientsOffset(pages),
  });
}

/** GET /{text}/search-clients; idle while there is no text. */
export function useClientSearch(text: string) {
  return useQuery({
    queryKey: searchKey(text),
    queryFn: ({ signal }) => api.get(`/${encodeURIComponent(text)}/search-clients`, clientListSchema, signal),
    enabled: text.length > 0,
  });
}

/** GET /admin/{id}/get-client: the profile by short id (from its URL) or uuid. */
export function useClientProfile(ref: string) {
  return useQuery({
    queryKey: profileKey(ref),
    queryFn: ({ signal }) => api.get(`/admin/${encodeURIComponent(ref)}/get-client`, clientProfileSchema, signal),
    retry: false,
  });
}

/** Every cached list, search result and profile that shows this client. */
export function patchEverywhere(queryClient: QueryClient, clientid: string, change: Partial<Client>) {
  queryClient.setQueriesData<InfiniteData<ClientsPage, number>>({ queryKey: listKey }, (data) =>
    patchClientPages(data, clientid, change),
  );
  queryClient.setQueriesData<Client[]>({ queryKey: [...adminClientsKey, 'search'] }, (data) =>
    patchClientList(data, clientid, change),
  );
  queryClient.setQueriesData<ClientProfile>({ queryKey: [...adminClientsKey, 'profile'] }, (data) =>
    patchClientProfile(data, clientid, change),
  );
}

/** POST /admin/{clientid}/block, shown at once and rolled back when the server refuses. */
export function useToggleBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (client: Client) =>
      api.post(`/admin/${encodeURIComponent(client.clientid)}/block`, undefined, blockClientResponseSchema),
    onMutate: async (client) => {
      await queryClient.cancelQueries({ queryKey: adminClientsKey });
      patchEverywhere(queryClient, client.clientid, { blocked_on: !client.blocked_on });
    },
    onSuccess: (result) => patchEverywhere(queryClient, result.clientid, { blocked_on: result.blocked_on }),
    onError: (_error, client) => patchEverywhere(queryClient, client.clientid, { blocked_on: client.blocked_on }),
  });
}

/** PUT /auth/update-client: name, address, account number and note. */
export function useUpdateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateClientBody) => api.put('/auth/update-client', body, clientSchema),
    onSuccess: (client) => {
      const { clientid, ...change } = client;
      patchEverywhere(queryClient, clientid, change);
    },
  });
}
