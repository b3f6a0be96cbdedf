import { z } from 'zod';
import { jobType } from '../../../shared/background-jobs.ts';

/**
 * The suppliers' API runs as a job (decision 0043): scheduled every SUPPLIER_CHANNELS_TICK_SECONDS, and enqueued
 * at once when an order is sent through an API. No retry of its own: each supplier's failure is kept on its
 * settings row and pushes its next run back (api-health.ts); the next tick comes anyway.
 */
export const CHANNELS_RUN_JOB = jobType({
  name: 'supplier-channels-tick',
  payload: z.object({}),
  retry: { limit: 0, delaySeconds: 0, backoff: false },
  leaseSeconds: 15 * 60,
});
