/**
 * Background jobs' status for staff (issue 21): GET /jobs lists the store's jobs, newest first,
 * paged — what it is (kind: 'sms-receipt'), where it stands, how many attempts it took, why the
 * last one failed and when the next one runs.
 */
import { z } from 'zod';
import { idSchema } from '../api/primitives';

export const JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];
export const JOBS_PAGE_SIZE_MAX = 100;

export const jobListQuerySchema = z.object({
  page: idSchema('Page must be a whole number of at least 1').default(1),
  pageSize: idSchema(`Page size must be between 1 and ${JOBS_PAGE_SIZE_MAX}`)
    .refine((value) => value <= JOBS_PAGE_SIZE_MAX, {
      error: `Page size must be between 1 and ${JOBS_PAGE_SIZE_MAX}`,
    })
    .default(20),
  state: z.enum(JOB_STATES, { error: 'state must be queued, running, done or failed' }).optional(),
});

export const jobSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  state: z.enum(JOB_STATES),
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  last_error: z.string().nullable(),
  /** When a queued job runs next; null while it runs or once it is finished. */
  next_run_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  finished_at: z.string().nullable(),
});
export type Job = z.infer<typeof jobSchema>;

export const jobListResponseSchema = z.object({
  data: z.array(jobSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
