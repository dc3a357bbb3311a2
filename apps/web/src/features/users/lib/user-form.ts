import type { User } from '@duka/shared/auth/auth.schemas';
import {
  createUserSchema,
  newPasswordSchema,
  type UpdateUserInput,
} from '@duka/shared/users/users.schemas';
import { z } from 'zod';

/** The add-user form: the shared create contract, with the active switch always present. */
export const createUserFormSchema = createUserSchema
  .pick({ name: true, email: true, password: true, role: true })
  .extend({ is_active: z.boolean() });

/** The edit form: same fields, but a blank password keeps the current one. */
export const editUserFormSchema = createUserFormSchema.extend({
  password: z.union([z.literal(''), newPasswordSchema]),
});

export type UserFormValues = z.input<typeof createUserFormSchema>;
export type UserFormOutput = z.output<typeof createUserFormSchema>;

/** Only what changed goes to PUT /users/{id}; a blank password is left out. */
export function changedUserFields(user: User, values: UserFormOutput): UpdateUserInput {
  const changes: UpdateUserInput = {};
  if (values.name !== user.name) changes.name = values.name;
  if (values.email !== user.email) changes.email = values.email;
  if (values.role !== user.role) changes.role = values.role;
  if (values.is_active !== user.is_active) changes.is_active = values.is_active;
  if (values.password) changes.password = values.password;
  return changes;
}
