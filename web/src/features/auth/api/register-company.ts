import type { RegisterCompanyBody } from '@kreechat/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/register-company-kreechat: creates the company and its admin once the e-mail code was verified. */
export const registerCompany = (body: RegisterCompanyBody): Promise<unknown> =>
  api.post('/register-company-kreechat', body);

export function useRegisterCompany() {
  return useMutation({ mutationFn: registerCompany });
}
