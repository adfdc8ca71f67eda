import type { Db, Tx } from '../../db/client';
import { NotFoundError } from '../../platform/errors';
import { companyRepo } from './company.repo';

export type CompanyService = ReturnType<typeof createCompanyService>;

export function createCompanyService(deps: { db: Db }) {
  return {
    create: (
      values: { name: string; phone: string; email: string; country: string; timeZone?: string; createdAt: Date },
      tx: Tx = deps.db,
    ) => companyRepo.insert(tx, values),
    async get(id: string) {
      const company = await companyRepo.find(deps.db, id);
      if (!company) throw new NotFoundError('Company not found');
      return company;
    },
    setTimeZone: (id: string, timeZone: string, tx: Tx = deps.db) => companyRepo.setTimeZone(tx, id, timeZone),
    setRetention: (id: string, months: number | null, tx: Tx = deps.db) => companyRepo.setRetention(tx, id, months),
    withRetention: (tx: Tx = deps.db) => companyRepo.withRetention(tx),
  };
}
