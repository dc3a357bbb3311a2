import type { ChangePasswordInput } from '@duka/shared/users/users.schemas';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { delay } from '@/lib/delay';
import { PROFILE_SAVE_DELAY_MS } from './update-profile';

/** Spec §7: POST /users/change-password is followed by the same one-second pause. */
export async function changePassword(input: ChangePasswordInput): Promise<void> {
  await apiClient.post('/users/change-password', {
    currentPassword: input.currentPassword,
    newPassword: input.newPassword,
    confirmPassword: input.confirmPassword,
  });
  await delay(PROFILE_SAVE_DELAY_MS);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
