// @vitest-environment jsdom
import type { Role } from '@kreechat/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '@/lib/i18n';
import { SessionContext, type Session } from '@/lib/session';
import { ProfileView } from './ProfileView';

afterEach(cleanup);

const profile = {
  firstName: 'Nia',
  lastName: 'Okafor',
  email: 'nia@example.com',
  profilePic: null,
  departmentName: 'Support',
  license: 'Standard',
  companyName: 'Parcel Express',
  lang: 'en' as const,
};

function renderAs(role: Role) {
  const session: Session = {
    id: 'u1',
    username: 'Nia Okafor',
    role,
    isAdmin: role === 'admin',
    isPushSubscribed: false,
    expires: '2030-01-01T00:00:00Z',
    expiringSoon: false,
  };
  render(
    <SessionContext.Provider value={session}>
      <ProfileView profile={profile} onEdit={() => {}} onLanguage={() => {}} onPassword={() => {}} />
    </SessionContext.Provider>,
  );
}

describe('ProfileView', () => {
  it('names one’s own role and what it may do', () => {
    renderAs('moderator');
    const row = screen.getByText('Role').closest('div')!;
    expect(row.textContent).toContain('Moderator');
    expect(row.textContent).toContain("Sees and acts on every department's tickets");
  });
});
