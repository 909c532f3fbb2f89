import { useSearchParams } from 'react-router';
import { texts } from '#shared/i18n/texts.ts';
import { pageFromSearch } from '#shared/page-param.ts';

/** The page asked for in the address (?page=N), so Back and shared links keep it. */
export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = pageFromSearch(params);
  const setPage = (next: number) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next <= 1) updated.delete('page');
      else updated.set('page', String(next));
      return updated;
    });
  return [page, setPage];
}

/** Previous / next buttons and where we are; nothing when everything fits on one page. */
export function PageControls({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav aria-label={texts.pages.label} className="mt-8 flex items-center justify-center gap-3">
      <button type="button" className="btn btn-sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {texts.pages.previous}
      </button>
      <span className="text-sm">{texts.pages.position({ page, pages })}</span>
      <button type="button" className="btn btn-sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {texts.pages.next}
      </button>
    </nav>
  );
}
