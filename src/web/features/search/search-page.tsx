import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { texts } from '#shared/i18n/texts.ts';
import { type SearchParams, searchHeading, searchPageSize, searchParamsOf } from '#shared/search-params.ts';
import { useSignedInAction } from '#web/app/guards.tsx';
import { PageControls } from '#web/components/page-controls.tsx';
import { QueryView } from '#web/components/query-view.tsx';
import { EmptyState } from '#web/components/states.tsx';
import { CategoryBookGrid, useBookActions } from '#web/features/books/books.public.ts';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { useSearchResults } from './api/get-search-results.ts';
import { SaveSearch } from './save-search.tsx';
import { SearchFilters } from './search-filters.tsx';

const m = texts.search;

/** `/search?q=…`: the books found, like a category page, with filters, sorting and pages in the address. */
export function SearchPage() {
  const [search, setSearch] = useSearchParams();
  const params = searchParamsOf(search);
  const results = useSearchResults(params);
  const actions = useBookActions();
  useDocumentTitle(params.q ? `“${params.q}” — ${m.heading}` : m.heading);

  // A new search starts at the top of the page.
  const place = `${params.q} ${params.page}`;
  useEffect(() => {
    if (place) window.scrollTo({ top: 0 });
  }, [place]);

  /** Changes some parameters; any change but the page's own goes back to page 1. */
  function change(changes: Partial<Record<keyof SearchParams, string>>) {
    setSearch((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      if (!('page' in changes)) next.delete('page');
      return next;
    });
  }
  const signedIn = useSignedInAction();

  return (
    <section aria-labelledby="search-heading">
      <SearchFilters params={params} onChange={change} />
      <QueryView query={results}>
        {(answer) => (
          <>
            {answer.match === 'corrected' && answer.suggestion && (
              <p className="mb-2 text-base-content/80" data-testid="did-you-mean">
                {m.showingFor({ typed: params.q })}{' '}
                <Link
                  className="link link-primary font-semibold"
                  to={`/search?q=${encodeURIComponent(answer.suggestion)}`}
                >
                  {answer.suggestion}
                </Link>
              </p>
            )}
            {answer.match === 'similar' && (
              <p className="mb-2 text-base-content/80">{m.similar({ typed: params.q })}</p>
            )}
            <h1 id="search-heading" className="mb-6 text-3xl font-bold">
              {searchHeading(answer, params.q)}
            </h1>
            {answer.items.length === 0 ? (
              <>
                <EmptyState>{m.none({ q: params.q })}</EmptyState>
                <SaveSearch params={params} />
              </>
            ) : (
              <CategoryBookGrid
                books={answer.items}
                onReport={(book) => signedIn(() => actions.report(book))}
                onBook={(book) => signedIn(() => actions.book(book))}
              />
            )}
            <PageControls
              page={params.page}
              pageSize={searchPageSize}
              total={answer.total}
              onPage={(page) => change({ page: page > 1 ? String(page) : '' })}
            />
          </>
        )}
      </QueryView>
      {actions.dialogs}
    </section>
  );
}
