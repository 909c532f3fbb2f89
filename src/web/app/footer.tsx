import { Link } from 'react-router';
import { messages } from '#shared/messages.ts';

const groups = [
  { title: 'Services', links: ['Buying books', 'Selling books', 'Meet-up safety', 'Gift cards'] },
  { title: 'Company', links: ['About us', 'Contact', 'Jobs', 'Press kit'] },
  { title: 'Legal', links: ['Terms of use', 'Privacy policy', 'Cookie policy'] },
];

export function Footer() {
  return (
    <footer className="bg-neutral text-neutral-content">
      <div className="footer mx-auto max-w-7xl p-10 sm:footer-horizontal">
        {groups.map((group) => (
          <nav key={group.title} aria-label={group.title}>
            <h2 className="footer-title">{group.title}</h2>
            {group.links.map((label) => (
              <Link key={label} to="/" className="link link-hover">
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
