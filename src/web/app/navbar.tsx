import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { messages } from '#shared/messages.ts';
import { MenuButton } from '#web/components/menu-button.tsx';
import { NotificationBell } from '#web/features/wanted/notification-bell.tsx';
import { useCurrentUser } from '#web/lib/use-current-user.ts';
import { useOpenOnThisPage } from '#web/lib/use-open-on-this-page.ts';
import { SearchBox } from './search-box.tsx';

interface SiteLink {
  to: string;
  label: string;
  /** Active on its own page only, not on the pages below it. */
  end?: boolean;
}

const publicLinks: SiteLink[] = [
  { to: '/', label: messages.nav.home, end: true },
  { to: '/blogs', label: messages.nav.blogs, end: true },
  { to: '/about', label: messages.nav.about, end: true },
];
const signedInLinks: SiteLink[] = [{ to: '/dashboard', label: messages.nav.dashboard }];
const signedOutLinks: SiteLink[] = [
  { to: '/login', label: messages.nav.login },
  { to: '/signup', label: messages.nav.signUp },
];

/** The site's links; `onChoose` is called when one of them (or Sign Out) is chosen. */
function NavLinks({ onChoose }: { onChoose?: () => void }) {
  const { user, loading } = useCurrentUser();
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

  const links = loading ? publicLinks : [...publicLinks, ...(user ? signedInLinks : signedOutLinks)];
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
            {messages.nav.signOut}
          </button>
        </li>
      )}
    </>
  );
}

function UserBadge() {
  const { user } = useCurrentUser();
  if (!user) return null;
  return (
    <Link to="/dashboard/profile" className="flex items-center gap-2" aria-label="Your profile">
      {user.photoURL ? (
        <img src={user.photoURL} alt="" width={32} height={32} className="size-8 rounded-full object-cover" />
      ) : (
        <span className="avatar avatar-placeholder">
          <span className="flex size-8 items-center justify-center rounded-full bg-neutral text-neutral-content">
            {user.displayName.slice(0, 1).toUpperCase()}
          </span>
        </span>
      )}
      <span className="hidden max-w-40 truncate text-sm lg:inline">{user.displayName}</span>
    </Link>
  );
}

/**
 * The links on a small screen: a disclosure (WAI-ARIA Authoring Practices' disclosure navigation menu). The button
 * shows and hides the list, Tab goes on into it; Escape closes it and gives the focus back to the button, and so do
 * choosing a link, clicking elsewhere or tabbing out of it.
 */
function PhoneMenu() {
  const [open, setOpen] = useOpenOnThisPage();
  const box = useRef<HTMLElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    const onFocusIn = (event: FocusEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, setOpen]);

  return (
    <nav ref={box} aria-label="Main" className="relative lg:hidden">
      <MenuButton
        ref={button}
        controls="phone-menu"
        open={open}
        className="btn-ghost btn-square"
        aria-label="Menu"
        onClick={() => setOpen(!open)}
      />
      <ul
        id="phone-menu"
        hidden={!open}
        className="menu absolute top-full left-0 z-40 mt-3 w-72 rounded-box bg-base-100 p-2 shadow"
      >
        <NavLinks
          onChoose={() => {
            setOpen(false);
            button.current?.focus();
          }}
        />
        <li className="mt-2">
          <SearchBox className="w-full p-0" />
        </li>
      </ul>
    </nav>
  );
}

export function Navbar() {
  return (
    <header className="navbar sticky top-0 z-30 border-b border-base-300 bg-base-100/95 px-4 backdrop-blur">
      <div className="navbar-start gap-1">
        <PhoneMenu />
        <Link to="/" className="btn btn-ghost px-2 text-xl font-bold">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          {messages.brand}
        </Link>
      </div>
      <nav aria-label="Main" className="navbar-center hidden lg:flex">
        <ul className="menu menu-horizontal gap-1 px-1">
          <NavLinks />
        </ul>
      </nav>
      <div className="navbar-end gap-3">
        <SearchBox className="hidden w-64 md:flex xl:w-80" />
        <NotificationBell />
        <UserBadge />
      </div>
    </header>
  );
}
