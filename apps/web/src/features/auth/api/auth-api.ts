import type {
  AuthResponse,
  LoginInput,
  MeResponse,
  RegisterInput,
  User,
} from '@duka/shared/auth/auth.schemas';
import { apiClient } from '@/lib/api-client';

export async function loginRequest(input: LoginInput): Promise<User> {
  const response = await apiClient.post<AuthResponse>('/auth/login', input);
  return response.data;
}

export async function registerRequest(input: RegisterInput): Promise<User> {
  const response = await apiClient.post<AuthResponse>('/auth/register', input);
  return response.data;
}

export async function logoutRequest(): Promise<void> {
  await apiClient.post('/auth/logout');
}

export function getMeRequest(): Promise<MeResponse> {
  return apiClient.get<MeResponse>('/auth/me');
}
