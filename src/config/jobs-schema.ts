/**
 * @module jobs-schema
 * The configuration of scheduled jobs and outgoing webhooks: the shortest interval a job may repeat at, how often
 * the scheduler looks for due jobs and deliveries, whether webhooks may reach loopback and private addresses, how
 * long a receiver has to answer and the retry schedule of a failing delivery. Part of the one schema (./schema.ts),
 * where every default lives.
 */
import { z } from "zod";

/**
 * The delays between a failing delivery's attempts, in seconds: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h (about 17.6 h in
 * all, each ±20 % jitter); after the last one fails the webhook is disabled.
 */
export const DEFAULT_RETRY_SCHEDULE_S = [5, 300, 1_800, 7_200, 18_000, 36_000];

export const jobsConfigSchemas = {
  jobs: z
    .object({
      /** The shortest `every` interval (and cron spacing is not checked) a job may have, in seconds. */
      min_interval_s: z.number().int().min(1).max(86_400).default(60),
      /** How often the scheduler looks for due jobs, in milliseconds. */
      poll_interval_ms: z.number().int().min(50).max(60_000).default(1_000),
      /**
       * Run the scheduler and the webhook delivery passes in this process; a replica with `false` serves the routes
       * and sends an event's first attempt, but fires no job and retries nothing (replicas with `true` do).
       */
      enabled: z.boolean().default(true),
    })
    .strict()
    .prefault({}),
  webhooks: z
    .object({
      /** Deliver to loopback and private addresses (127.0.0.0/8, 10/8, 172.16/12, 192.168/16, fc00::/7, …). */
      allow_private: z.boolean().default(false),
      /** Seconds a receiver has to answer an attempt; past it the attempt failed. */
      timeout_s: z.number().min(0.1).max(60).default(10),
      /** Seconds between a failing delivery's attempts; the webhook is disabled once the last one fails. */
      retry_schedule_s: z.array(z.number().min(0.01).max(86_400)).min(1).max(20).default(DEFAULT_RETRY_SCHEDULE_S),
    })
    .strict()
    .prefault({}),
};
