import type { LoginResponse, RegisterCompanyBody } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { signedIn } from './login';

/**
 * POST /api/register-company-kreechat: creates the company and its admin once the e-mail code was verified, and
 * signs the admin in (the answer is login's).
 */
export const registerCompany = (body: RegisterCompanyBody): Promise<LoginResponse> =>
  api.post('/register-company-kreechat', body, parser('loginResponseSchema'));

export function useRegisterCompany() {
  return useMutation({
    mutationFn: registerCompany,
    onSuccess: signedIn,
  });
}
