import { useQueryClient } from '@tanstack/react-query';
import { NavLink, useNavigate } from 'react-router';
import { texts } from '#shared/i18n/texts.ts';
import { useCurrentUser } from '#web/lib/use-current-user.ts';

interface SiteLink {
  to: string;
  label: string;
  /** Active on its own page only, not on the pages below it. */
  end?: boolean;
}

const publicLinks: SiteLink[] = [
  { to: '/', label: texts.nav.home, end: true },
  { to: '/blogs', label: texts.nav.blogs, end: true },
  { to: '/about', label: texts.nav.about, end: true },
];
const signedInLinks: SiteLink[] = [{ to: '/dashboard', label: texts.nav.dashboard }];
const signedOutLinks: SiteLink[] = [
  { to: '/login', label: texts.nav.login },
  { to: '/signup', label: texts.nav.signUp },
];

/** The site's links; `onChoose` is called when one of them (or Sign Out) is chosen. */
export function NavLinks({ onChoose }: { onChoose?: () => void }) {
  const { user, loading, checkFailed } = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  async function signOut() {
    onChoose?.();
    try {
      const { authClient } = await import('#web/lib/auth-client.ts');
      await authClient.signOut();
      queryClient.clear();
      navigate('/');
    } catch (error) {
      console.error(error);
    }
  }

  // While nobody is known to be signed in or out (the check runs, or could not answer), neither set of links.
  const links = loading || checkFailed ? publicLinks : [...publicLinks, ...(user ? signedInLinks : signedOutLinks)];
  return (
    <>
      {links.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} end={link.end} onClick={onChoose}>
            {link.label}
          </NavLink>
        </li>
      ))}
      {!loading && user && (
        <li>
          <button type="button" onClick={signOut}>
            {texts.nav.signOut}
          </button>
        </li>
      )}
    </>
  );
}
