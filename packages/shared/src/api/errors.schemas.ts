/** The error body every failing API call answers with (ARCHITECTURE.md, API conventions). */
import { z } from 'zod';

export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const idParamSchema = z.object({
  id: z.coerce
    .number({ error: 'Invalid id' })
    .int({ error: 'Invalid id' })
    .positive({ error: 'Invalid id' }),
});
