import type { Platform, Ticket, WhatsAppWindow } from '@kreechat/contract';

/*
 * WhatsApp's customer-service window: free text reaches the client only within 24 hours of their last message;
 * after that Meta accepts nothing but an approved template until the client writes again. The server answers
 * whether the window is open and when it closes; the clock decides when that answer stops being true.
 */

export type WindowTemplate = WhatsAppWindow['templates'][number];

/**
 * How long to wait before asking again when the server still says "open" although, by our clock, the window has
 * closed: its clock is behind ours, and it decides.
 */
export const SKEW_RECHECK_MS = 15_000;

export type WindowView =
  /** Not a channel with a window, or nothing known yet: the composer works as usual. */
  | { state: 'none'; recheckAt: null }
  | { state: 'open'; recheckAt: number | null }
  /** `templates` is null while the list is still to come (the answer we hold dates from while it was open). */
  | { state: 'closed'; templates: WindowTemplate[] | null; recheckAt: number | null };

export const NO_WINDOW: WindowView = { state: 'none', recheckAt: null };

/** Whether the ticket's channel limits free text to a window after the client's last message. */
export function hasServiceWindow(platform: Platform): boolean {
  switch (platform) {
    case 'whatsapp':
      return true;
    case 'telegram':
    case 'wordpress':
    case 'viber':
      return false;
    default: {
      const unknown: never = platform;
      return unknown;
    }
  }
}

/** Whether to ask the server about the window: a closed ticket cannot be answered at all, so it is not asked. */
export const watchesServiceWindow = (ticket: Pick<Ticket, 'platform' | 'stage'>): boolean =>
  hasServiceWindow(ticket.platform) && ticket.stage !== 'closed';

/**
 * What the composer shows, from the server's answer (`fetchedAt`: when it came, ms) and the clock (`now`, ms), and
 * when (`recheckAt`, ms since the epoch) to ask the server again: when an open window closes, at once when the
 * answer predates the closing, or a little later when the server's clock lags ours. A closed window is reopened
 * only by the client's next message, which the caller watches for; it needs no timer.
 */
export function whatsAppWindowView(answer: WhatsAppWindow | undefined, fetchedAt: number, now: number): WindowView {
  if (!answer) return NO_WINDOW;
  if (!answer.open) return { state: 'closed', templates: answer.templates, recheckAt: null };
  const closesAt = answer.closesAt === null ? Number.NaN : Date.parse(answer.closesAt);
  if (Number.isNaN(closesAt)) return { state: 'open', recheckAt: null };
  // The answer cannot come from the future: a clock read before it arrived is as late as the answer at least.
  const current = Math.max(now, fetchedAt);
  if (current < closesAt) return { state: 'open', recheckAt: closesAt };
  if (fetchedAt < closesAt) return { state: 'closed', templates: null, recheckAt: closesAt };
  return { state: 'open', recheckAt: fetchedAt + SKEW_RECHECK_MS };
}

/** A template's identity (Meta's: name and language together). */
export const templateKey = (template: Pick<WindowTemplate, 'name' | 'language'>): string =>
  `${template.name}:${template.language}`;
