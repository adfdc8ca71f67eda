export { createIntakeService } from './intake.service';
export type { IntakeService, IntakeOutcome } from './intake.service';
export type { InboundContent, InboundFile, InboundMessage, InboundOrigin } from './intake.types';
export { createInboundUpdates } from './inbound-updates.service';
export type { InboundUpdates, InboundKey } from './inbound-updates.service';
export { inboundUpdateRepo } from './inbound-update.repo';
export { intakeRepo } from './intake.repo';
