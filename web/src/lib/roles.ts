import type { Role } from '@kreechat/contract';

/** The roles from the least to the most reach, as every role choice lists them. */
export const ROLES_BY_REACH = ['agent', 'moderator', 'admin'] as const satisfies readonly Role[];

/** A role's name, as the Agents table, the agent profile and one's own profile show it. */
export const ROLE_NAME = {
  agent: 'adminAgents.roleAgent',
  moderator: 'adminAgents.roleModerator',
  admin: 'adminAgents.roleAdmin',
} as const satisfies Record<Role, string>;

/** What a role may do, in the words of the permissions table (README "Who may do what"). */
export const ROLE_HINT = {
  agent: 'adminAgents.roleHints.agent',
  moderator: 'adminAgents.roleHints.moderator',
  admin: 'adminAgents.roleHints.admin',
} as const satisfies Record<Role, string>;
