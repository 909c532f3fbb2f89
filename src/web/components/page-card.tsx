import type { ReactNode } from 'react';

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
