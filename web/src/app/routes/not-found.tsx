import { NotFoundScreen } from '@/features/not-found';
import { useValidateSession } from '@/lib/session';

/** Any unknown path: the 404 page, whose way out depends on whether the session is valid (SPEC §2). */
export function NotFoundRoute() {
  const session = useValidateSession();
  const loggedIn = session.isPending ? null : session.data?.status === 'valid';
  return <NotFoundScreen loggedIn={loggedIn} />;
}
