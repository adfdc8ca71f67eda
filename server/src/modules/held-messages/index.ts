export { heldMessageRepo } from './held-message.repo';
