/** Sign-in and registration contract (spec §3 payloads, §5 validation messages). */
import { z } from 'zod';
import { passwordSchema, textSchema } from '../api/primitives';
import { storeIdSchema } from '../stores/stores.schemas';
import { ROLES } from './roles';

export { PASSWORD_MAX_LENGTH } from '../api/primitives';

/**
 * Email as people type it: trimmed, compared case-insensitively (stored lower-case). The text
 * primitive caps it and refuses control characters before the address check reads it.
 */
export function emailFieldSchema(required = 'Invalid email address') {
  return textSchema({
    label: 'Email',
    min: required === 'Invalid email address' ? 0 : 1,
    max: 254,
    messages: { required, max: 'Email is too long' },
  })
    .toLowerCase()
    .pipe(z.email({ error: 'Invalid email address' }))
    .meta({ format: 'email' });
}
export const emailSchema = emailFieldSchema();

export const loginSchema = z.object({
  email: emailSchema,
  password: passwordSchema({
    min: 6,
    messages: { required: 'Password must be at least 6 characters' },
  }),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const nameSchema = textSchema({
  label: 'Name',
  min: 2,
  max: 120,
  messages: { required: 'Name must be at least 2 characters' },
});

export const registerSchema = loginSchema.extend({
  name: nameSchema,
  /** The store the shopper joins (PRODUCT.md §5): the shop link's ?store=ID, else the first store. */
  store_id: storeIdSchema.optional(),
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** A user as the API presents it; never carries a password hash. */
export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  store_id: z.number().int().nullable(),
  is_active: z.boolean(),
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const authResponseSchema = z.object({ success: z.literal(true), data: userSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const meResponseSchema = z.object({
  authenticated: z.boolean(),
  data: userSchema.nullable(),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

export const csrfTokenResponseSchema = z.object({ token: z.string() });
export const successResponseSchema = z.object({ success: z.literal(true) });
