import type { AdminLoginRequest, SignInResponse } from '@samvad/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';

/** POST /api/admin/login: signs in with the admin username and password (sets the cookie). */
export function adminLogin(credentials: AdminLoginRequest): Promise<SignInResponse> {
  return apiFetch<SignInResponse>('/api/admin/login', { method: 'POST', body: credentials });
}

export function useAdminLogin(options: { onSuccess?: (response: SignInResponse) => void } = {}) {
  return useMutation({ mutationFn: adminLogin, onSuccess: options.onSuccess });
}
