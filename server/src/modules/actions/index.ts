export { createActionService } from './action.service';
export type { ActionService } from './action.service';
