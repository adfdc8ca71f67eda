export { createPinService } from './pin.service';
export type { PinService } from './pin.service';
export { pinRoutes } from './pin.routes';
export { pinRepo } from './pin.repo';
