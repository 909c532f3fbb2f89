import { useEffect, useState } from 'react';
import { NavLink, Outlet } from 'react-router';
import { messages } from '../../../shared/messages.ts';
import { useCurrentUser } from '../../lib/use-current-user.ts';
import { menuByRole } from './dashboard-menu.ts';

const drawerId = 'dashboard-drawer';

/** The dashboard: a side menu by role beside the page; on small screens the menu is a drawer. */
export function DashboardLayout() {
  const { user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  const links = [
    { to: '/dashboard', label: messages.dashboard.link, end: true },
    ...(user ? menuByRole[user.role] : []),
    { to: '/dashboard/profile', label: messages.dashboard.profile },
  ];

  return (
    <div className="drawer lg:drawer-open">
      <input
        id={drawerId}
        type="checkbox"
        className="drawer-toggle"
        checked={open}
        onChange={(event) => setOpen(event.target.checked)}
        tabIndex={-1}
        aria-hidden="true"
      />
      <div className="drawer-content min-w-0 lg:pl-6">
        <button
          type="button"
          className="btn btn-outline btn-sm mb-4 lg:hidden"
          aria-controls="dashboard-menu"
          aria-expanded={open}
          onClick={() => setOpen(true)}
        >
          <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" aria-hidden="true">
            <path strokeLinecap="round" strokeWidth="2" d="M4 6h16M4 12h16M4 18h16" />
          </svg>
          {messages.dashboard.openMenu}
        </button>
        <Outlet />
      </div>
      <div className="drawer-side z-40 lg:z-auto">
        <label htmlFor={drawerId} aria-label={messages.dashboard.closeMenu} className="drawer-overlay" />
        <nav
          id="dashboard-menu"
          aria-label={messages.dashboard.menuLabel}
          className="min-h-full w-64 bg-base-200 p-4 lg:min-h-0 lg:rounded-box"
        >
          <ul className="menu w-full gap-1">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={'end' in link} onClick={close}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}
