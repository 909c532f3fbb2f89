import { Link } from 'react-router';
import { texts } from '#shared/i18n/texts.ts';
import { LanguageSwitcher } from './language-switcher.tsx';

/** The specification's three groups; Services and Legal lead to the store's own pages, Company's placeholders to Home. */
function groups() {
  const f = texts.footer;
  return [
    {
      title: f.services,
      links: [
        { label: f.buyingBooks, to: '/search' },
        { label: f.sellingBooks, to: '/dashboard/addsell' },
        { label: f.meetupSafety, to: '/help/meetup-safety' },
        { label: f.buyerProtection, to: '/help/buyer-protection' },
      ],
    },
    {
      title: f.company,
      links: [
        { label: f.aboutUs, to: '/about' },
        { label: f.contact, to: '/' },
        { label: f.jobs, to: '/' },
        { label: f.pressKit, to: '/' },
      ],
    },
    {
      title: f.legal,
      links: [
        { label: f.terms, to: '/help/terms' },
        { label: f.privacy, to: '/help/privacy' },
        { label: f.cookies, to: '/help/privacy#cookies' },
      ],
    },
  ];
}

export function Footer() {
  return (
    <footer className="bg-neutral text-neutral-content">
      <div className="footer mx-auto max-w-7xl p-10 sm:footer-horizontal">
        {groups().map((group) => (
          <nav key={group.title} aria-label={group.title}>
            <h2 className="footer-title">{group.title}</h2>
            {group.links.map(({ label, to }) => (
              <Link key={label} to={to} className="link link-hover">
                {label}
              </Link>
            ))}
          </nav>
        ))}
      </div>
      <div className="flex flex-col items-center gap-3 border-t border-neutral-content/20 p-4 text-sm sm:flex-row sm:justify-between">
        <p>{texts.footer.copyright({ year: String(new Date().getFullYear()), brand: texts.brand })}</p>
        <LanguageSwitcher className="[&_select]:text-base-content" />
      </div>
    </footer>
  );
}
