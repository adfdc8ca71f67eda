import { ProfileSection } from '@/features/profile';

/** `/profile/:username`: the Profile section inside the user panel layout. */
export function ProfileRoute() {
  return <ProfileSection />;
}
