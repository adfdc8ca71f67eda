import type { Client, ClientProfile } from '@kreechat/contract';

/** One loaded page of the client list; the first page also carries the company's client count. */
export interface ClientsPage {
  total: number | null;
  clients: Client[];
}

/** Where the next page starts: after every client loaded so far; no next page once a page came back empty. */
export function nextClientsOffset(pages: ClientsPage[]): number | undefined {
  const last = pages.at(-1);
  if (!last || last.clients.length === 0) return undefined;
  return pages.reduce((sum, page) => sum + page.clients.length, 0);
}

const patch = (client: Client, clientid: string, change: Partial<Client>) =>
  client.clientid === clientid ? { ...client, ...change } : client;

export const patchClientList = (list: Client[] | undefined, clientid: string, change: Partial<Client>) =>
  list?.map((client) => patch(client, clientid, change));

export function patchClientPages<T extends { pages: ClientsPage[] }>(
  data: T | undefined,
  clientid: string,
  change: Partial<Client>,
): T | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({ ...page, clients: page.clients.map((c) => patch(c, clientid, change)) })),
  };
}

export function patchClientProfile(data: ClientProfile | undefined, clientid: string, change: Partial<Client>) {
  if (!data || data.client.clientid !== clientid) return data;
  return { ...data, client: { ...data.client, ...change } };
}
