import type { User } from '@duka/shared/auth/auth.schemas';
import type { ProfileInput } from '@duka/shared/users/users.schemas';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { delay } from '@/lib/delay';

/** Spec §7: PUT /users/profile is followed by a fixed one-second pause. */
export const PROFILE_SAVE_DELAY_MS = 1000;

export async function updateProfile(input: ProfileInput): Promise<User> {
  const response = await apiClient.put<{ success: boolean; data: User }>('/users/profile', {
    name: input.name,
    email: input.email,
  });
  await delay(PROFILE_SAVE_DELAY_MS);
  return response.data;
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
