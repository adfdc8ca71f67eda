export { createClientService, toClient } from './client.service';
export type { ClientService } from './client.service';
export { clientRepo, clientVerified } from './client.repo';
export type { ClientRow, ClientView } from './client.repo';
export { clientRoutes } from './client.routes';
