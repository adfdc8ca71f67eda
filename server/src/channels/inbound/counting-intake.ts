import type { InboundOrigin, IntakeOutcome, IntakeService } from '../../modules/client-messages';
import type { InboundOutcome, Metrics } from '../../platform/metrics';

/** The intake's answer as the inbound counter names it. */
function inboundOutcomeOf(result: IntakeOutcome | void): InboundOutcome {
  if (!result) return 'stored';
  if (result.outcome === 'duplicate' || result.outcome === 'ignored') return result.outcome;
  return 'stored';
}

/**
 * The intake every channel calls, counting what became of each update by channel: a throw is `failed` (the
 * channel's kit keeps the update and tries again; a later success counts `stored` then).
 */
export function countingIntake(intake: IntakeService, metrics: Metrics): IntakeService {
  const counted =
    <A extends [InboundOrigin, ...unknown[]], R extends IntakeOutcome | void>(method: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const channel = args[0].platform;
      try {
        const result = await method(...args);
        metrics.inbound(channel, inboundOutcomeOf(result));
        return result;
      } catch (error) {
        metrics.inbound(channel, 'failed');
        throw error;
      }
    };
  return {
    ...intake,
    receive: counted(intake.receive),
    chooseDepartment: counted(intake.chooseDepartment),
    rate: counted(intake.rate),
    react: counted(intake.react),
    edit: counted(intake.edit),
  };
}
