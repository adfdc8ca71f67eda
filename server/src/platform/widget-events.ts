import type { WidgetServerEvents } from '@kreechat/contract';

/**
 * What the WordPress channel uses to reach visitors' widgets (server/src/realtime/widget-live.ts implements it).
 * A visitor is one client identity of one site token: every tab and device signed in as them receives it.
 */
export interface WidgetPublisher {
  toVisitor<E extends keyof WidgetServerEvents>(
    tokenPublicId: string,
    identity: string,
    event: E,
    ...args: Parameters<WidgetServerEvents[E]>
  ): void;
  /** Ends one session's live connections (the visitor left the chat, or the session expired). */
  endSession(sessionId: string): void;
  /** Ends every live connection of a site token: it was revoked. */
  endToken(tokenPublicId: string): void;
}
