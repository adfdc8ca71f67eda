export { createIntakeService } from './client-message.service';
export type { IntakeService, IntakeOutcome } from './client-message.service';
// What channels hand in (and the record their updates are kept in), here too: channels call this module's face.
export type { InboundContent, InboundFile, InboundMessage, InboundOrigin, InboundUpdates } from '../inbound-updates';
