export { createRetentionService } from './retention.service';
export type { RetentionService } from './retention.service';
export { createRetentionSweeper, RETENTION_SWEEP_MS } from './retention.sweeper';
export type { RetentionSweeper, SweepTotals } from './retention.sweeper';
export { retentionRoutes } from './retention.routes';
