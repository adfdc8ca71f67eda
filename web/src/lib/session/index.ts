export { SessionContext, useSession, type Session } from './context';
export { sessionQueryKey, sessionQueryOptions, useValidateSession, validateSession } from './validate';
export { logout, useLogout } from './logout';
export { expectLogout, expectedLogout, type LogoutNotice, type LogoutOptions } from './logout-notice';
export { getUserPref, userPrefQueryKey, userPrefQueryOptions, type UserPref } from './user-pref';
export {
  getMyDepartment,
  myDepartmentQueryKey,
  myDepartmentQueryOptions,
  useMyDepartment,
  type MyDepartment,
} from './department';
export type { Viewer } from './context';
