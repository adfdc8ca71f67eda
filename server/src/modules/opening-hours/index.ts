export { createHoursReader } from './hours-reader';
export type { CompanyHours, DepartmentHoursInfo, HoursReader } from './hours-reader';
export { createOpeningHoursService } from './opening-hours.service';
export type { OpeningHoursService } from './opening-hours.service';
export { openingHoursRoutes } from './opening-hours.routes';
