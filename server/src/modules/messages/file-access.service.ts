import { seesAllDepartments } from '@kreechat/contract';
import type { Db } from '../../db/client';
import type { Principal } from '../../platform/access';
import { messageRepo } from './message.repo';

export type FileAccess = ReturnType<typeof createFileAccess>;

/**
 * Who reads a stored file: exactly who reads what refers to it. A chat's file or thumbnail follows its ticket
 * (SPEC §4: admins and moderators see every ticket, an agent their department's and the ones they handle); an
 * agent's photo is the company's; a file nothing refers to (a half-done upload, a photo replaced) is nobody's.
 */
export function createFileAccess(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** Whether the viewer may read the file `key`; one indexed read. */
    mayRead(viewer: Principal, key: string): Promise<boolean> {
      const scope = seesAllDepartments(viewer.role)
        ? null
        : { departmentId: viewer.departmentId, userId: viewer.userId };
      return messageRepo.fileReadable(db, viewer.companyId, key, scope);
    },
  };
}
