import { GetStarted } from '@/features/onboarding';

/** `/admin-panel/get-started`: the first-run checklist (admins only). */
export function AdminGetStartedRoute() {
  return <GetStarted />;
}
