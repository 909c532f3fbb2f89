import type { ReactNode } from 'react';

/** From which width the actions stand beside what is said about the book, rather than under it. */
const actionsBeside = {
  sm: 'gap-2 sm:flex-row sm:items-center sm:justify-between',
  md: 'gap-3 md:flex-row md:items-center md:justify-between',
};

/**
 * A book in a dashboard list: its thumbnail (when the list has one), what is said about it (`children`) and the
 * actions on it.
 */
export function BookListItem({
  thumbnail,
  testId,
  wideFrom,
  actions,
  children,
}: {
  thumbnail?: string;
  testId: string;
  wideFrom: keyof typeof actionsBeside;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <li data-testid={testId} className="flex gap-4 rounded-box border border-base-300 bg-base-100 p-3">
      {thumbnail !== undefined && (
        <img src={thumbnail} alt="" width={64} height={96} className="h-24 w-16 shrink-0 object-cover" />
      )}
      <div className={`flex min-w-0 flex-1 flex-col ${actionsBeside[wideFrom]}`}>
        <div className="min-w-0 space-y-1">{children}</div>
        <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>
      </div>
    </li>
  );
}
