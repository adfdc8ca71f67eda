import { z } from 'zod';
import { emailSchema, nullableTimestampSchema, requiredText, roleSchema, timestampSchema, uuidSchema } from './common';
import { strongPasswordSchema } from './password';

export const agentSchema = z.object({
  userid: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  department_name: z.string().nullable(),
  departmentid: z.string().nullable(),
  created_on: timestampSchema,
  last_logged_on: nullableTimestampSchema,
  status: z.enum(['online', 'offline']),
  role: roleSchema,
  /** Set when the account is disabled. */
  closed_on: nullableTimestampSchema,
  /** Set when an admin erased the former agent's personal data (the name then reads "Former agent"). */
  erased_on: nullableTimestampSchema,
  profile_pic: z.string().nullable(),
  push_subscription: z.string(),
});
export type Agent = z.infer<typeof agentSchema>;

export const allAgentsResponseSchema = z.object({
  agents: z.array(agentSchema),
  onlineAgents: z.number().int(),
  totalAgents: z.number().int(),
});
export type AllAgentsResponse = z.infer<typeof allAgentsResponseSchema>;

export const registerAgentBodySchema = z.object({
  email: emailSchema,
  pass: strongPasswordSchema,
  confirmPassword: z.string({ message: 'Some fields are missing!' }),
  firstName: requiredText('First name', 100),
  lastName: requiredText('Last name', 100),
  department: uuidSchema,
  department_name: z.string().trim().max(200).optional(),
  isAdmin: z.boolean().default(false),
  isModerator: z.boolean().default(false),
});
export type RegisterAgentBody = z.infer<typeof registerAgentBodySchema>;

export const registerAgentResponseSchema = z.object({ message: z.string(), agent: agentSchema });

export const userIdBodySchema = z.object({ userid: uuidSchema });

export const setAdminResponseSchema = z.object({ userid: z.string(), role: roleSchema });

/** POST /auth/set-role (not in SPEC): an admin gives another agent of the company any role. */
export const setRoleBodySchema = z.object({ userid: uuidSchema, role: roleSchema });
export type SetRoleBody = z.infer<typeof setRoleBodySchema>;
export const toggleDisabledResponseSchema = z.object({ userid: z.string(), closed_on: nullableTimestampSchema });

/** GET /admin/{id}/get-user: the id is a user's full uuid or its first 8 characters (the profile address). */
export const agentProfileParamsSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{8}(-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})?$/i, {
    message: 'Invalid id',
  }),
});

export const ACTION_TYPES = [
  'user_login',
  'user_logout',
  'ticket_accept',
  'ticket_close',
  'ticket_reopen',
  'ticket_create',
  'ticket_rating',
  'agent_erase',
] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

export const agentActionSchema = z.object({
  action_type: z.enum(ACTION_TYPES),
  action_time: timestampSchema,
  ticketid: z.string().nullable(),
  rating: z.number().int().nullable(),
});
export type AgentAction = z.infer<typeof agentActionSchema>;

export const agentProfileResponseSchema = z.object({
  user: agentSchema,
  /** Tickets the agent handles or closed. */
  tickets: z.number().int(),
  bubbles: z.number().int(),
  /** Average rating (out of 3) of the rated tickets the agent closed; null when none. */
  rating: z.number().nullable(),
  /** The latest 50, newest first. */
  actions: z.array(agentActionSchema),
});
export type AgentProfileResponse = z.infer<typeof agentProfileResponseSchema>;
