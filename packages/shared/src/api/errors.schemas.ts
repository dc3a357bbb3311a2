/** The error body every failing API call answers with (ARCHITECTURE.md, API conventions). */
import { z } from 'zod';
import { idSchema } from './primitives';

export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** `/:id` path parameters. */
export const idParamSchema = z.object({ id: idSchema('Invalid id') });
