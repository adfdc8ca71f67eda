/**
 * GET /clients/{clientid}/export: the client's data as a ZIP (admins). The browser downloads it straight from the
 * link, as it streams: the file is never held in the page's memory, however large it is.
 */
export const clientExportUrl = (clientid: string) => `/api/clients/${encodeURIComponent(clientid)}/export`;
