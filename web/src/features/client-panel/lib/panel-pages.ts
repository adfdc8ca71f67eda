import type { Client, ClientPanel, ClientPanelTicket } from '@kreechat/contract';

/** The pages of a panel as react-query keeps them (its page params do not matter here). */
type Pages = { pages: ClientPanel[] };

/** The tickets of every page loaded, each once (a page read after a live refetch may repeat a row). */
export function panelTickets(data: Pages | undefined): ClientPanelTicket[] {
  if (!data) return [];
  const seen = new Set<string>();
  const tickets: ClientPanelTicket[] = [];
  for (const page of data.pages) {
    for (const ticket of page.tickets) {
      if (seen.has(ticket.ticketid)) continue;
      seen.add(ticket.ticketid);
      tickets.push(ticket);
    }
  }
  return tickets;
}

/** The newest header: the last page read carries the freshest client, counts and ratings. */
export const panelHeader = (data: Pages | undefined): ClientPanel | undefined => data?.pages[data.pages.length - 1];

/** The client's new details in every loaded page; the same data when the panel is not this client's. */
export function patchPanelClient<T extends Pages>(data: T | undefined, client: Client): T | undefined {
  if (!data || !data.pages.some((page) => page.client.clientid === client.clientid)) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, client })) };
}

/** The average as the panel says it: one decimal, in the UI language ("2.5", "2,5"). */
export const formatAverage = (average: number, lang: string): string =>
  new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(average);
