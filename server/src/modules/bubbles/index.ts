export { createBubbleService } from './bubble.service';
export type { BubbleService } from './bubble.service';
export { bubbleRoutes } from './bubble.routes';
