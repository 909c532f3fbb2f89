import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A narrow card with a heading, for the small pages around signing in (recovery, confirmation, mail links). */
export function PageCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-md">
      <div className="card card-border bg-base-100 shadow-sm">
        <div className="card-body gap-4">
          <h1 className="card-title text-3xl">{title}</h1>
          {children}
        </div>
      </div>
    </section>
  );
}

const noticeTones = {
  success: { role: 'status', className: 'alert alert-success alert-soft' },
  warning: { role: 'alert', className: 'alert alert-warning alert-soft' },
} as const;

/** A small page that says one thing and offers the one way on. */
export function NoticeCard({
  title,
  tone,
  text,
  link,
}: {
  title: string;
  tone: keyof typeof noticeTones;
  text: string;
  link: { to: string; label: string };
}) {
  return (
    <PageCard title={title}>
      <p {...noticeTones[tone]}>{text}</p>
      <Link to={link.to} className="btn btn-primary">
        {link.label}
      </Link>
    </PageCard>
  );
}
