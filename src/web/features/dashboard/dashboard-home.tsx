import { Link } from 'react-router';
import { texts } from '#shared/i18n/texts.ts';
import { VerifiedBadge } from '#web/components/verified-badge.tsx';
import { useCurrentUser } from '#web/lib/use-current-user.ts';
import { useDashboardMenu } from './dashboard-menu.ts';

export function DashboardHome() {
  const { user } = useCurrentUser();
  const menu = useDashboardMenu(user);
  if (!user) return null;
  return (
    <section className="space-y-6">
      <h1 className="text-3xl font-bold">{texts.dashboard.link}</h1>
      <div className="card card-border bg-base-100">
        <div className="card-body flex-row flex-wrap items-center gap-4">
          {user.photoURL ? (
            <img src={user.photoURL} alt="" width={64} height={64} className="size-16 rounded-full object-cover" />
          ) : null}
          <div>
            <p className="text-xl font-semibold">{texts.dashboard.welcome({ name: user.displayName })}</p>
            <p className="text-base-content/70">{user.email}</p>
            <p className="mt-1 flex gap-2">
              <span className="badge badge-primary">{texts.roleNames[user.role]}</span>
              {user.capabilities.includes('Seller') && <VerifiedBadge verified={user.verified} />}
            </p>
          </div>
        </div>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {menu.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="btn btn-outline btn-block">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
