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
      <span className="hidden max-w-40 truncate text-sm lg:inline xl:hidden 2xl:inline">{user.displayName}</span>
    </Link>
  );
}

// The links sit in a row from 1280 px (xl) on and wait behind the menu button below that: at 1024 px the signed-in row
// (brand, five links, search, language, bell, name) ran 15–66 px past the screen in every language, its links over
// the brand. The brand keeps its width; the search takes what is left, up to 20rem. Beside the links the name waits
// for 1536 px (2xl), or a long one left the search too narrow for its placeholder in German.
export function Navbar() {
  return (
    <header className="navbar sticky top-0 z-30 flex-wrap gap-x-2 border-b md:flex-nowrap border-base-300 bg-base-100/95 px-4 backdrop-blur">
      <div className="flex shrink-0 items-center gap-1">
        <PhoneMenu />
        <Link to="/" className="btn btn-ghost px-2 text-lg font-bold sm:text-xl">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          {texts.brand}
        </Link>
      </div>
      <nav aria-label={texts.nav.main} className="hidden shrink-0 xl:flex">
        <ul className="menu menu-horizontal gap-1 px-1">
          <NavLinks />
        </ul>
      </nav>
      <div className="flex min-w-0 flex-1 items-center justify-end gap-3">
        <SearchBox className="hidden min-w-48 max-w-80 flex-1 md:flex" />
        <LanguageSwitcher compact className="hidden shrink-0 lg:flex" />
        <NotificationBell />
        <UserBadge />
      </div>
      {/* On a phone the search has a row of its own under the brand, always in view. */}
      <SearchBox className="basis-full pb-1 md:hidden" />
    </header>
  );
}
