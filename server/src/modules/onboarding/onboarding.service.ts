import type { OnboardingStatus } from '@kreechat/contract';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { AgentService } from '../agents';
import { onboardingRepo } from './onboarding.repo';

export type OnboardingService = ReturnType<typeof createOnboardingService>;

/**
 * The first-run checklist of a company's admin: every step is read from the company's real state on each call
 * (nothing is stored as "done"), so a step done elsewhere — a bot connected, a colleague registered — is ticked
 * without being told. Only the admin's own choice to put the list away is stored, on their user row.
 */
export function createOnboardingService(deps: { db: Db; clock: Clock; agents: AgentService }) {
  const { db, clock, agents } = deps;

  return {
    async status(companyId: string, userId: string): Promise<OnboardingStatus> {
      const [facts, channels] = await Promise.all([
        onboardingRepo.facts(db, companyId, userId),
        onboardingRepo.channels(db, companyId),
      ]);
      return { ...facts, channels, steps: { ...facts.steps, channel: channels.some((c) => c.connected) } };
    },

    /** Puts the checklist away for this user, or brings it back; the company's other admins keep their own. */
    async setDismissed(companyId: string, userId: string, dismissed: boolean) {
      await agents.update(companyId, userId, { checklistDismissedAt: dismissed ? clock.now() : null });
    },
  };
}
