import { z } from 'zod';
import { requiredText, uuidSchema } from './common';

export { BUBBLE_PREVIEW_LENGTH } from './constants';

/** Limits of a bubble (a canned reply an agent keeps for themselves, SPEC §3). */
export const BUBBLE_NAME_MAX = 100;
export const BUBBLE_CONTENT_MAX = 4096;
/** The list is capped so no one's collection can stall the page or the picker. */
export const BUBBLES_LIMIT = 200;

export const BUBBLE_NOT_FOUND = 'Bubble not found!';

export const bubbleSchema = z.object({
  bubbleid: z.string(),
  name: z.string(),
  content: z.string(),
});
export type Bubble = z.infer<typeof bubbleSchema>;

export const bubbleListSchema = z.array(bubbleSchema);

/** SPEC §5: name and content are non-empty once trimmed. */
export const bubbleBodySchema = z.object({
  name: requiredText('Bubble name', BUBBLE_NAME_MAX),
  content: requiredText('Bubble content', BUBBLE_CONTENT_MAX),
});
export type BubbleBody = z.infer<typeof bubbleBodySchema>;

export const bubbleParamsSchema = z.object({ bubbleid: uuidSchema });
