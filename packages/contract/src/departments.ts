import { z } from 'zod';
import { nullableTimestampSchema, requiredText, uuidSchema } from './common';

export const departmentSchema = z.object({
  departmentid: z.string(),
  department_name: z.string(),
  deleted_on: nullableTimestampSchema,
});
export type Department = z.infer<typeof departmentSchema>;

export const departmentStatisticsSchema = z.object({
  departmentid: z.string(),
  department_name: z.string(),
  averageRating: z.number(),
  agentCount: z.number().int(),
  ticketsCount: z.number().int(),
  pendingTicketsCount: z.number().int(),
});
export type DepartmentStatistics = z.infer<typeof departmentStatisticsSchema>;

export const adminDepartmentsResponseSchema = z.object({
  departments: z.array(departmentSchema),
  statistics: z.array(departmentStatisticsSchema),
});
export type AdminDepartmentsResponse = z.infer<typeof adminDepartmentsResponseSchema>;

export const departmentListSchema = z.array(departmentSchema.pick({ departmentid: true, department_name: true }));

export const createDepartmentBodySchema = z.object({ department_name: requiredText('Department name', 100) });
export const createDepartmentResponseSchema = z.object({ departmentid: z.string() });
export const deleteDepartmentBodySchema = z.object({ departmentid: uuidSchema });

/** SPEC §8: deletion is refused while the department still has agents, then while it has pending tickets. */
export const DEPARTMENT_HAS_AGENTS = 'Please reassign all agents from the department before deleting it';
export const DEPARTMENT_HAS_PENDING = 'Please finish or reassign all pending tickets from the department to delete it';
