import { Link } from 'react-router';
import { messages } from '#shared/messages.ts';

/** The specification's three groups; Services and Legal lead to the store's own pages, Company's placeholders to Home. */
const groups = [
  {
    title: 'Services',
    links: [
      { label: 'Buying books', to: '/search' },
      { label: 'Selling books', to: '/dashboard/addsell' },
      { label: 'Meet-up safety', to: '/help/meetup-safety' },
      { label: 'Buyer protection', to: '/help/buyer-protection' },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About us', to: '/about' },
      { label: 'Contact', to: '/' },
      { label: 'Jobs', to: '/' },
      { label: 'Press kit', to: '/' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Terms of use', to: '/help/terms' },
      { label: 'Privacy policy', to: '/help/privacy' },
      { label: 'Cookie policy', to: '/help/privacy#cookies' },
    ],
  },
];

export function Footer() {
  return (
    <footer className="bg-neutral text-neutral-content">
      <div className="footer mx-auto max-w-7xl p-10 sm:footer-horizontal">
        {groups.map((group) => (
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
      <p className="border-t border-neutral-content/20 p-4 text-center text-sm">
        Copyright © {new Date().getFullYear()} {messages.brand}. All rights reserved.
      </p>
    </footer>
  );
}
