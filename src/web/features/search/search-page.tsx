import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { searchReach } from '#shared/constants.ts';
import { texts } from '#shared/i18n/texts.ts';
import { PageControls } from '#web/components/page-controls.tsx';
import { QueryView } from '#web/components/query-view.tsx';
import { EmptyState } from '#web/components/states.tsx';
import { CategoryBookGrid, useBookActions } from '#web/features/books/books.public.ts';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { useCurrentUser } from '#web/lib/use-current-user.ts';
import { searchPageSize, useSearchResults } from './api/get-search-results.ts';
import { SaveSearch } from './save-search.tsx';
import { SearchFilters } from './search-filters.tsx';
import { type SearchParams, searchParamsOf } from './search-params.ts';

const m = texts.search;

/** How many books were found for `q` (none: the books for sale); `more`: more match than the `n` listed. */
const found = (n: number, q: string, more: boolean) =>
  q ? (more ? m.foundMore({ n, q }) : m.found({ n, q })) : more ? m.forSaleMore({ n }) : m.forSale({ n });

/** `/search?q=…`: the books found, like a category page, with filters, sorting and pages in the address. */
export function SearchPage() {
  const [search, setSearch] = useSearchParams();
  const params = searchParamsOf(search);
  const results = useSearchResults(params);
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const location = useLocation();
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
  const signedIn = (then: () => void) => (user ? then() : navigate('/login', { state: { from: location } }));

  return (
    <section aria-labelledby="search-heading">
      <SearchFilters params={params} onChange={change} />
      <QueryView query={results}>
        {({ items, total, more, match, suggestion }) => (
          <>
            {match === 'corrected' && suggestion && (
              <p className="mb-2 text-base-content/80" data-testid="did-you-mean">
                {m.showingFor({ typed: params.q })}{' '}
                <Link className="link link-primary font-semibold" to={`/search?q=${encodeURIComponent(suggestion)}`}>
                  {suggestion}
                </Link>
              </p>
            )}
            {match === 'similar' && <p className="mb-2 text-base-content/80">{m.similar({ typed: params.q })}</p>}
            <h1 id="search-heading" className="mb-6 text-3xl font-bold">
              {found(more ? searchReach : total, match === 'corrected' && suggestion ? suggestion : params.q, more)}
            </h1>
            {items.length === 0 ? (
              <>
                <EmptyState>{m.none({ q: params.q })}</EmptyState>
                <SaveSearch params={params} />
              </>
            ) : (
              <CategoryBookGrid
                books={items}
                onReport={(book) => signedIn(() => actions.report(book))}
                onBook={(book) => signedIn(() => actions.book(book))}
              />
            )}
            <PageControls
              page={params.page}
              pageSize={searchPageSize}
              total={total}
              onPage={(page) => change({ page: page > 1 ? String(page) : '' })}
            />
          </>
        )}
      </QueryView>
      {actions.dialogs}
    </section>
  );
}
