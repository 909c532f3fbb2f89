import { Link } from 'react-router';
import { texts } from '#shared/i18n/texts.ts';
import { NotificationBell } from '#web/features/wanted/notification-bell.tsx';
import { useCurrentUser } from '#web/lib/use-current-user.ts';
import { LanguageSwitcher } from './language-switcher.tsx';
import { NavLinks } from './nav-links.tsx';
import { PhoneMenu } from './phone-menu.tsx';
import { SearchBox } from './search-box.tsx';

function UserBadge() {
  const { user } = useCurrentUser();
  if (!user) return null;
  return (
    <Link to="/dashboard/profile" className="flex items-center gap-2" aria-label={texts.nav.yourProfile}>
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

export function Navbar() {
  return (
    <header className="navbar sticky top-0 z-30 flex-wrap border-b md:flex-nowrap border-base-300 bg-base-100/95 px-4 backdrop-blur">
      <div className="navbar-start gap-1">
        <PhoneMenu />
        <Link to="/" className="btn btn-ghost px-2 text-xl font-bold">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          {texts.brand}
        </Link>
      </div>
      <nav aria-label={texts.nav.main} className="navbar-center hidden lg:flex">
        <ul className="menu menu-horizontal gap-1 px-1">
          <NavLinks />
        </ul>
      </nav>
      <div className="navbar-end gap-3">
        <SearchBox className="hidden w-64 md:flex xl:w-80" />
        <LanguageSwitcher compact className="hidden lg:flex" />
        <NotificationBell />
        <UserBadge />
      </div>
      {/* On a phone the search has a row of its own under the brand, always in view. */}
      <SearchBox className="basis-full pb-1 md:hidden" />
    </header>
  );
}
