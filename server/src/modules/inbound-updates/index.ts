export { claimUpdateOf, createInboundUpdates } from './inbound-updates.service';
export type { InboundUpdates, InboundKey } from './inbound-updates.service';
export { inboundUpdateRepo } from './inbound-update.repo';
export type { InboundContent, InboundFile, InboundMessage, InboundOrigin } from './inbound.types';
