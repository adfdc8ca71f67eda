export { createClientService } from './client.service';
export type { ClientService } from './client.service';
export type { ClientRow } from './client.repo';
export { clientRoutes } from './client.routes';
