/** Staff accounts, profile and password contract (spec §3 Profile/Password payloads, §5). */
import { z } from 'zod';
import { passwordSchema, textSchema } from '../api/primitives';
import { emailFieldSchema, emailSchema, nameSchema, userSchema } from '../auth/auth.schemas';
import { ROLES } from '../auth/roles';
import { storeIdSchema } from '../stores/stores.schemas';

export const NEW_PASSWORD_MIN_LENGTH = 8;

export const newPasswordSchema = passwordSchema({
  min: NEW_PASSWORD_MIN_LENGTH,
  messages: {
    required: 'New password is required',
    min: 'Password must be at least 8 characters',
  },
});

const roleSchema = z.enum(ROLES, { error: 'Please select a role' });

/** POST /users — an admin creating an account in their store (super_admin: any store). */
export const createUserSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  role: roleSchema,
  store_id: storeIdSchema.optional(),
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

/**
 * An account as /users shows it: `archived_at` is set when a person with history (sales, stock
 * movements, orders…) was deleted — they cannot sign in, and their name stays on what they did
 * (issue 20). An archived account cannot be edited or restored.
 */
export const managedUserSchema = userSchema.extend({ archived_at: z.string().nullable() });
export type ManagedUser = z.infer<typeof managedUserSchema>;

export const userListResponseSchema = z.object({ data: z.array(managedUserSchema) });
export const userResponseSchema = z.object({ success: z.literal(true), data: managedUserSchema });

/** DELETE /users/{id}: `archived` when the account had history and was archived instead. */
export const deleteUserResponseSchema = z.object({
  success: z.literal(true),
  archived: z.boolean(),
});

/** PUT /users/profile */
export const profileSchema = z.object({
  name: textSchema({ label: 'Name', min: 1, max: 120 }),
  email: emailFieldSchema('Email is required'),
});
export type ProfileInput = z.infer<typeof profileSchema>;

/** POST /users/change-password */
export const changePasswordSchema = z
  .object({
    currentPassword: passwordSchema({ messages: { required: 'Current password is required' } }),
    newPassword: newPasswordSchema,
    confirmPassword: z.string({ error: 'Passwords do not match' }),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    error: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
