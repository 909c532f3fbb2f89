import { Link } from 'react-router';
import { texts } from '#shared/i18n/texts.ts';
import { useConfirmRemoval } from '#web/components/confirm-removal.tsx';
import { PagedItems } from '#web/components/paged-items.tsx';
import { usePaging } from '#web/components/paging.ts';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { useWanted, wantedPageSize } from './api/get-wanted.ts';
import { useRemoveWanted } from './use-wanted.ts';
import { describeEntry, searchLinkOf } from './wanted-entry.ts';

const t = texts.wanted;

/** `/dashboard/wanted`: the ISBNs and saved searches a person waits for, each with its search and Remove. */
export function WantedPage() {
  const paging = usePaging(wantedPageSize);
  const list = useWanted(paging.page);
  const remove = useRemoveWanted();
  const removing = useConfirmRemoval(remove, {
    title: (entry) => t.removeWhat({ what: entry.bookName }),
    confirmLabel: t.remove,
  });
  useDocumentTitle(t.heading);
  return (
    <section aria-labelledby="wanted-heading">
      <h1 id="wanted-heading" className="text-3xl font-bold">
        {t.heading}
      </h1>
      <p className="mt-2 mb-6 text-base-content/80">{t.intro}</p>
      <PagedItems query={list} {...paging} empty={t.empty} keyOf={(entry) => entry._id} className="space-y-2">
        {(entry) => {
          const { title, filters } = describeEntry(entry);
          return (
            <li
              data-testid="wanted-entry"
              className="flex flex-wrap items-center justify-between gap-3 rounded-box bg-base-200 p-4"
            >
              <div className="min-w-0">
                <Link className="link link-hover font-semibold break-words" to={searchLinkOf(entry)}>
                  {title}
                </Link>
                {filters.length > 0 && (
                  <p className="text-sm text-base-content/70">
                    <span className="sr-only">{t.filters}: </span>
                    {filters.join(' · ')}
                  </p>
                )}
              </div>
              <button
                type="button"
                className="btn btn-ghost btn-sm text-error"
                aria-label={t.removeWhat({ what: title })}
                onClick={() => removing.ask({ _id: entry._id, bookName: title })}
              >
                {t.remove}
              </button>
            </li>
          );
        }}
      </PagedItems>
      {removing.dialog}
    </section>
  );
}
