/** Sign-in and registration contract (spec §3 payloads, §5 validation messages). */
import { z } from 'zod';
import { ROLES } from './roles';

export const PASSWORD_MAX_LENGTH = 200;

/** Email as people type it: trimmed, compared case-insensitively (stored lower-case). */
export const emailSchema = z
  .string({ error: 'Invalid email address' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Invalid email address' }).max(254, { error: 'Email is too long' }));

export const loginSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: 'Password must be at least 6 characters' })
    .min(6, { error: 'Password must be at least 6 characters' })
    .max(PASSWORD_MAX_LENGTH, { error: 'Password is too long' }),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const nameSchema = z
  .string({ error: 'Name must be at least 2 characters' })
  .trim()
  .min(2, { error: 'Name must be at least 2 characters' })
  .max(120, { error: 'Name must be at most 120 characters' });

export const registerSchema = loginSchema.extend({
  name: nameSchema,
  /** The store the shopper joins (PRODUCT.md §5): the shop link's ?store=ID, else the first store. */
  store_id: z.coerce.number().int().positive().optional(),
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
