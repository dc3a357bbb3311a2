import { AppError, conflict, forbidden, notFound } from '../../lib/errors';

export const userErrors = {
  emailTaken: () =>
    conflict('users.email_taken', 'An account with this email already exists', [
      { path: 'email', message: 'An account with this email already exists' },
    ]),
  notFound: () => notFound('User not found', 'users.not_found'),
  archived: () =>
    conflict('users.archived', 'This account is archived: the person has left and cannot return'),
  roleNotAllowed: () => forbidden('You cannot assign this role', 'users.role_not_allowed'),
  // Guards against locking oneself out: the last thing an admin should be able to do by mistake.
  cannotDeleteSelf: () =>
    new AppError(400, 'users.cannot_delete_self', 'You cannot delete your own account'),
  cannotChangeOwnRole: () =>
    new AppError(400, 'users.cannot_change_own_role', 'You cannot change your own role', [
      { path: 'role', message: 'You cannot change your own role' },
    ]),
  cannotDeactivateSelf: () =>
    new AppError(400, 'users.cannot_deactivate_self', 'You cannot deactivate your own account', [
      { path: 'is_active', message: 'You cannot deactivate your own account' },
    ]),
  // Here without the current password; one's own password changes through change-password.
  ownPasswordNeedsChangePassword: () =>
    new AppError(400, 'users.own_password', 'Use Change Password to change your own password', [
      { path: 'password', message: 'Use Change Password to change your own password' },
    ]),
  wrongCurrentPassword: () =>
    new AppError(400, 'users.wrong_password', 'Current password is incorrect', [
      { path: 'currentPassword', message: 'Current password is incorrect' },
    ]),
};
