import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { ChannelState, OnboardingChannel, OnboardingStatus } from '@kreechat/contract';
import { ONBOARDING_CHANNELS } from '@kreechat/contract';
import type { Tx } from '../../db/client';
import {
  departments,
  departmentSettings,
  telegramBots,
  tickets,
  users,
  whatsappAccounts,
  wordpressTokens,
} from '../../db/schema';

/** Read-only: the first-run checklist reads what other modules own, in two statements whatever the company's size. */
export const onboardingRepo = {
  /** The checklist's yes/no facts and the caller's own dismissal, in one statement of EXISTS tests. */
  async facts(tx: Tx, companyId: string, userId: string): Promise<Omit<OnboardingStatus, 'channels'>> {
    const [row] = await tx
      .select({
        agent: sql<boolean>`exists (${tx
          .select({ one: sql`1` })
          .from(users)
          .where(and(eq(users.companyId, companyId), ne(users.id, userId), isNull(users.erasedAt)))})`,
        hours: sql<boolean>`exists (${tx
          .select({ one: sql`1` })
          .from(departmentSettings)
          .innerJoin(departments, eq(departments.id, departmentSettings.departmentId))
          .where(
            and(
              eq(departmentSettings.companyId, companyId),
              isNull(departments.deletedAt),
              eq(departmentSettings.alwaysOpen, false),
            ),
          )})`,
        testMessage: sql<boolean>`exists (${tx
          .select({ one: sql`1` })
          .from(tickets)
          .where(eq(tickets.companyId, companyId))})`,
        dismissedAt: users.checklistDismissedAt,
      })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
    return {
      steps: {
        channel: false,
        agent: row?.agent ?? false,
        hours: row?.hours ?? false,
        testMessage: row?.testMessage ?? false,
      },
      dismissed: row?.dismissedAt != null,
    };
  },

  /** Each channel with its addresses, in address order: the bot's @username, WhatsApp numbers, WordPress sites. */
  async channels(tx: Tx, companyId: string): Promise<ChannelState[]> {
    const rows = await tx
      .select({
        platform: sql<OnboardingChannel>`'telegram'`,
        // A bot set up before usernames were kept is named by its numeric id.
        address: sql<string>`coalesce('@' || ${telegramBots.username}, ${telegramBots.telegramBotId}::text)`,
      })
      .from(telegramBots)
      .where(eq(telegramBots.companyId, companyId))
      .unionAll(
        tx
          .select({
            platform: sql<OnboardingChannel>`'whatsapp'`,
            // A number Meta has not described yet is still connected: its id stands in for the display number.
            address: sql<string>`coalesce(${whatsappAccounts.displayPhoneNumber}, ${whatsappAccounts.phoneNumberId})`,
          })
          .from(whatsappAccounts)
          .where(eq(whatsappAccounts.companyId, companyId)),
      )
      .unionAll(
        tx
          .selectDistinct({ platform: sql<OnboardingChannel>`'wordpress'`, address: wordpressTokens.siteOrigin })
          .from(wordpressTokens)
          .where(eq(wordpressTokens.companyId, companyId)),
      )
      .orderBy(asc(sql`2`));
    return ONBOARDING_CHANNELS.map((platform) => {
      const addresses = rows.filter((r) => r.platform === platform).map((r) => r.address);
      return { platform, connected: addresses.length > 0, addresses };
    });
  },
};
