export { SessionContext, useSession, type Session } from './context';
export { sessionQueryKey, sessionQueryOptions, useValidateSession, validateSession } from './validate';
export { expectLogout, logout, expectedLogout, useLogout, type LogoutNotice, type LogoutOptions } from './logout';
export { getUserPref, userPrefQueryKey, userPrefQueryOptions, type UserPref } from './user-pref';
export {
  getMyDepartment,
  myDepartmentQueryKey,
  myDepartmentQueryOptions,
  useMyDepartment,
  type MyDepartment,
} from './department';
export type { Viewer } from './context';
