export { createCompanyService } from './company.service';
export type { CompanyService } from './company.service';
