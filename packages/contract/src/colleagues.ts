import { z } from 'zod';

export const PRESENCE_STATUSES = ['online', 'offline'] as const;
export type PresenceStatus = (typeof PRESENCE_STATUSES)[number];

/** One entry of the colleagues sidebar (SPEC §3 "Colleague list entry"), GET /auth/agents. */
export const colleagueSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** The department's name; null when the colleague has none. */
  department: z.string().nullable(),
  status: z.enum(PRESENCE_STATUSES),
  profile_pic: z.string().nullable(),
});
export type Colleague = z.infer<typeof colleagueSchema>;
export const colleagueListSchema = z.array(colleagueSchema);

/** userLogin / userLogout: a colleague's presence flipped. */
export const presenceEventSchema = z.object({ userid: z.string(), status: z.enum(PRESENCE_STATUSES) });
export type PresenceEvent = z.infer<typeof presenceEventSchema>;

/** presenceChanged: the colleagues who came online and went offline since the last presence event. */
export type PresenceBatch = { online: string[]; offline: string[] };

/** How long flips that follow a lone one are gathered before they go out together (ms). */
export const PRESENCE_BATCH_MS = 500;
