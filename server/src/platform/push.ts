import type { PushPayload } from '@kreechat/contract';

/**
 * What services use to send a web push (SPEC §2 bell) after their transaction commits. Only server/src/modules/push
 * implements it. Fire-and-forget: it never throws and never delays the caller's answer; users without an enabled
 * subscription are skipped.
 */
export interface PushSender {
  toUser(companyId: string, userId: string, payload: PushPayload): void;
  /** Every agent of the department (and the company's all-department viewers), except `exceptUserId`. */
  toDepartment(companyId: string, departmentId: string, payload: PushPayload, exceptUserId?: string): void;
}
