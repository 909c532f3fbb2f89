import { type ReactNode, useId } from 'react';

/** A dashboard page under its heading, which also names the page's section for screen readers. */
export function PageSection({
  title,
  className,
  children,
}: {
  title: string;
  className?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={className}>
      <h1 id={headingId} className="mb-6 text-2xl font-bold">
        {title}
      </h1>
      {children}
    </section>
  );
}
