import { useEffect, useMemo } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SESSION_RECHECK_MS, SESSION_WARNING_MS, type ValidateResponse } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '@/components/Spinner';
import { onUnauthorized } from '@/lib/api-client';
import { applyLanguage } from '@/lib/i18n';
import {
  SessionContext,
  sessionQueryKey,
  sessionQueryOptions,
  expectedLogout,
  userPrefQueryOptions,
  type Session,
} from '@/lib/session';

/**
 * Guards the signed-in screens (SPEC §2 Session guard): validates on mount and every SESSION_RECHECK_MS,
 * flags a session ending within SESSION_WARNING_MS, and sends the user to /login when the check says invalid or any
 * call answers 401 (not when it gets no answer). Applies the saved interface language once per session.
 */
export function RequireSession() {
  const { t } = useTranslation();
  const location = useLocation();
  const queryClient = useQueryClient();
  const check = useQuery({
    ...sessionQueryOptions,
    refetchInterval: SESSION_RECHECK_MS,
    refetchIntervalInBackground: true,
  });

  useEffect(
    () =>
      onUnauthorized(() => {
        queryClient.setQueryData<ValidateResponse>(sessionQueryKey, { status: 'invalid' });
      }),
    [queryClient],
  );

  const valid = check.data?.status === 'valid';
  const preference = useQuery({ ...userPrefQueryOptions, enabled: valid });
  useEffect(() => {
    if (preference.data) void applyLanguage(preference.data.lang);
  }, [preference.data]);

  const checkedAt = check.dataUpdatedAt;
  const session = useMemo<Session | null>(() => {
    const data = check.data;
    if (data?.status !== 'valid') return null;
    const expiresAt = Date.parse(data.expires);
    // Measured at each check, so the warning appears at most one recheck interval late.
    const now = Math.max(Date.now(), checkedAt);
    return {
      id: data.id,
      username: data.username,
      role: data.role,
      isAdmin: data.role === 'admin',
      isPushSubscribed: data.isPushSubscribed,
      expires: data.expires,
      expiringSoon: Number.isFinite(expiresAt) && expiresAt - now <= SESSION_WARNING_MS,
    };
  }, [check.data, checkedAt]);

  // A check that got no answer (the server away: a restart, a deploy) says nothing about the session: the last known
  // one stays, or the check waits for the server (the connection banner says so), instead of asking to log in again.
  if (check.isPending || (check.isError && !session && check.data === undefined)) {
    return <PageSpinner label={t('app.checkingSession')} />;
  }
  if (!session) {
    // A session the user ended themselves (a password or e-mail change) starts again on the workspace, as a logout
    // does; only an expired or revoked one brings them back to where they were.
    const from = expectedLogout() ? undefined : `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to="/login" replace state={from ? { from } : null} />;
  }
  return (
    <SessionContext.Provider value={session}>
      <Outlet />
    </SessionContext.Provider>
  );
}
