import { z } from 'zod';
import { timestampSchema, uuidSchema } from './common';

/**
 * Erasing a former agent's personal data: the account row stays (their messages, tickets and ratings keep pointing
 * at it) under this name, with no e-mail, password, photo, sessions, push subscriptions or bubbles left.
 */
export const FORMER_AGENT = { firstName: 'Former', lastName: 'agent' } as const;

export const AGENT_ERASE_MESSAGES = {
  notDisabled: 'Disable the agent before erasing their personal data',
  ownAccount: 'You cannot erase your own account',
  erased: 'This agent’s personal data has been erased',
} as const;

/** POST /api/agents/:userid/erase. */
export const agentEraseParamsSchema = z.object({ userid: uuidSchema });
export const agentEraseResponseSchema = z.object({ userid: z.string(), erased_on: timestampSchema });
export type AgentEraseResponse = z.infer<typeof agentEraseResponseSchema>;
