/** Staff accounts, profile and password contract (spec §3 Profile/Password payloads, §5). */
import { z } from 'zod';
import { emailSchema, nameSchema, PASSWORD_MAX_LENGTH, userSchema } from '../auth/auth.schemas';
import { ROLES } from '../auth/roles';

export const NEW_PASSWORD_MIN_LENGTH = 8;

export const newPasswordSchema = z
  .string({ error: 'New password is required' })
  .min(1, { error: 'New password is required' })
  .min(NEW_PASSWORD_MIN_LENGTH, { error: 'Password must be at least 8 characters' })
  .max(PASSWORD_MAX_LENGTH, { error: 'Password is too long' });

const roleSchema = z.enum(ROLES, { error: 'Please select a role' });

/** POST /users — an admin creating an account in their store (super_admin: any store). */
export const createUserSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  role: roleSchema,
  store_id: z.coerce.number().int().positive().optional(),
  is_active: z.boolean().default(true),
});
export type CreateUserInput = z.input<typeof createUserSchema>;

/** PUT /users/{id} — every field optional; a password here is an admin's reset. */
export const updateUserSchema = z.object({
  name: nameSchema.optional(),
  email: emailSchema.optional(),
  password: newPasswordSchema.optional(),
  role: roleSchema.optional(),
  is_active: z.boolean().optional(),
});
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

export const userListResponseSchema = z.object({ data: z.array(userSchema) });
export const userResponseSchema = z.object({ success: z.literal(true), data: userSchema });

/** PUT /users/profile */
export const profileSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, { error: 'Name is required' })
    .max(120, { error: 'Name must be at most 120 characters' }),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .toLowerCase()
    .min(1, { error: 'Email is required' })
    .pipe(z.email({ error: 'Invalid email address' }).max(254, { error: 'Email is too long' })),
});
export type ProfileInput = z.infer<typeof profileSchema>;

/** POST /users/change-password */
export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: 'Current password is required' })
      .min(1, { error: 'Current password is required' })
      .max(PASSWORD_MAX_LENGTH, { error: 'Password is too long' }),
    newPassword: newPasswordSchema,
    confirmPassword: z.string({ error: 'Passwords do not match' }),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    error: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
