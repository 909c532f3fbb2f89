import { useQueryClient } from '@tanstack/react-query';
import { Link, NavLink, useNavigate } from 'react-router';
import { messages } from '../../shared/messages.ts';
import { useCurrentUser } from '../lib/use-current-user.ts';
import { SearchBox } from './search-box.tsx';

const publicLinks = [
  { to: '/', label: messages.nav.home },
  { to: '/blogs', label: messages.nav.blogs },
  { to: '/about', label: messages.nav.about },
];

function NavLinks() {
  const { user, loading } = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  async function signOut() {
    try {
      const { authClient } = await import('../lib/auth-client.ts');
      await authClient.signOut();
      queryClient.clear();
      navigate('/');
    } catch (error) {
      console.error(error);
    }
  }

  return (
    <>
      {publicLinks.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} end>
            {link.label}
          </NavLink>
        </li>
      ))}
      {loading ? null : user ? (
        <>
          <li>
            <NavLink to="/dashboard">{messages.nav.dashboard}</NavLink>
          </li>
          <li>
            <button type="button" onClick={signOut}>
              {messages.nav.signOut}
            </button>
          </li>
        </>
      ) : (
        <>
          <li>
            <NavLink to="/login">{messages.nav.login}</NavLink>
          </li>
          <li>
            <NavLink to="/signup">{messages.nav.signUp}</NavLink>
          </li>
        </>
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

export function Navbar() {
  return (
    <header className="navbar sticky top-0 z-30 border-b border-base-300 bg-base-100/95 px-4 backdrop-blur">
      <div className="navbar-start gap-1">
        <div className="dropdown lg:hidden">
          <button type="button" className="btn btn-ghost btn-square" aria-label="Open the menu">
            <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" aria-hidden="true">
              <path strokeLinecap="round" strokeWidth="2" d="M4 6h16M4 12h16M4 18h16" />
            </svg>
          </button>
          <ul className="menu dropdown-content z-40 mt-3 w-72 rounded-box bg-base-100 p-2 shadow">
            <li className="mb-2">
              <SearchBox className="w-full p-0" />
            </li>
            <NavLinks />
          </ul>
        </div>
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
        <UserBadge />
      </div>
    </header>
  );
}
