import { useEffect, useRef } from 'react';
import { NavLink } from 'react-router';
import { texts } from '#shared/i18n/texts.ts';
import { RequireAuth, type RouteAccess } from '#web/app/guards.tsx';
import { PageOutlet } from '#web/app/lazy-pages.tsx';
import { CloseButton } from '#web/components/close-button.tsx';
import { MenuButton } from '#web/components/menu-button.tsx';
import { UnreadMessagesBadge } from '#web/features/conversations/conversations.public.ts';
import { useCurrentUser } from '#web/lib/use-current-user.ts';
import { useOpenOnThisPage } from '#web/lib/use-open-on-this-page.ts';
import { useDashboardMenu } from './dashboard-menu.ts';

const drawerId = 'dashboard-drawer';
const menuId = 'dashboard-menu';
const messagesLink = '/dashboard/messages';
/** Tailwind's `lg`: from this width on the menu is a side column, below it a drawer. */
const wideScreen = '(min-width: 64rem)';

/**
 * The dashboard: a side menu by role beside the page; on small screens the menu is a drawer, a modal dialog while
 * open (WAI-ARIA Authoring Practices): the focus moves into it and stays there, Escape, the close button or a click
 * beside it close it, and the focus goes back to the button that opened it.
 */
export function DashboardLayout() {
  const { user } = useCurrentUser();
  const [open, setOpen] = useOpenOnThisPage();
  const opener = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  const close = () => {
    setOpen(false);
    opener.current?.focus();
  };

  // Focus moves to the menu's first link when the drawer opens.
  useEffect(() => {
    if (open) panel.current?.querySelector<HTMLElement>('nav a')?.focus();
  }, [open]);

  // Escape closes it, Tab and Shift+Tab go round its controls; a screen growing wide enough to show the menu beside
  // the page closes it too.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        setOpen(false);
        opener.current?.focus();
      } else if (event.key === 'Tab' && panel.current) {
        const focusable = [...panel.current.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')];
        const [first, last] = [focusable[0], focusable.at(-1)];
        const inside = panel.current.contains(document.activeElement);
        if (event.shiftKey && (document.activeElement === first || !inside)) {
          event.preventDefault();
          last?.focus();
        } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
          event.preventDefault();
          first?.focus();
        }
      }
    };
    const wide = window.matchMedia(wideScreen);
    const onWide = () => wide.matches && setOpen(false);
    window.addEventListener('keydown', onKey);
    wide.addEventListener('change', onWide);
    return () => {
      window.removeEventListener('keydown', onKey);
      wide.removeEventListener('change', onWide);
    };
  }, [open, setOpen]);

  // While open (small screens only) the drawer is a modal dialog.
  const dialog = open ? { role: 'dialog', 'aria-modal': true, 'aria-label': texts.dashboard.menuLabel } : {};

  const links = [
    { to: '/dashboard', label: texts.dashboard.link, end: true },
    ...useDashboardMenu(user),
    { to: '/dashboard/profile', label: texts.dashboard.profile },
  ];

  return (
    <div className="drawer lg:drawer-open">
      <input
        id={drawerId}
        type="checkbox"
        className="drawer-toggle"
        checked={open}
        onChange={(event) => (event.target.checked ? setOpen(true) : close())}
        tabIndex={-1}
        aria-hidden="true"
      />
      <div className="drawer-content min-w-0 lg:ps-6">
        <MenuButton
          ref={opener}
          controls={menuId}
          open={open}
          className="btn-outline btn-sm mb-4 lg:hidden"
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
        >
          {texts.dashboard.openMenu}
        </MenuButton>
        <PageOutlet />
      </div>
      {/* Shown at once when opened (daisyUI delays it), so the focus can move in. */}
      <div ref={panel} className={`drawer-side z-40 lg:z-auto ${open ? 'visible transition-opacity' : ''}`} {...dialog}>
        {/* biome-ignore lint/a11y/noLabelWithoutControl: the dimmed page beside the drawer closes it on a click; keyboard and screen reader users have the close button and Escape */}
        <label htmlFor={drawerId} className="drawer-overlay" aria-hidden="true" />
        <div className="min-h-full w-64 bg-base-200 p-4 lg:min-h-0 lg:rounded-box">
          <div className="mb-2 flex justify-end lg:hidden">
            <CloseButton label={texts.dashboard.closeMenu} className="btn-square" onClick={close} />
          </div>
          <nav id={menuId} aria-label={texts.dashboard.menuLabel}>
            <ul className="menu w-full gap-1">
              {links.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} end={'end' in link} onClick={close}>
                    {link.label}
                    {link.to === messagesLink && <UnreadMessagesBadge />}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </div>
  );
}

/**
 * The dashboard's layout: signed-in users only, and on each page the roles it declares (app/dashboard-routes.tsx);
 * the Login page says why with the page's reason.
 */
export function GuardedDashboardLayout({ access: { roles, reason } }: { access: RouteAccess }) {
  return (
    <RequireAuth roles={roles} reason={reason}>
      <DashboardLayout />
    </RequireAuth>
  );
}
