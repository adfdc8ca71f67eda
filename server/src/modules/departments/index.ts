export { createDepartmentService, DEFAULT_DEPARTMENT_NAME, DEPARTMENT_NOT_FOUND } from './department.service';
export type { DepartmentService } from './department.service';
export { departmentRoutes } from './department.routes';
