import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { inCategoryNameOrder } from '#shared/category-names.ts';
import { texts } from '#shared/i18n/texts.ts';
import { publishBatchMax } from '#shared/schemas/shelf.ts';
import { useConfirmRemoval } from '#web/components/confirm-removal.tsx';
import { PageSection } from '#web/components/page-section.tsx';
import { PagedList } from '#web/components/paged-list.tsx';
import { usePaging } from '#web/components/paging.ts';
import { useCategories } from '#web/features/categories/categories.public.ts';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { type DraftFilter, draftsPageSize, getDrafts, useDraftCounts, useDrafts } from './api/get-drafts.ts';
import { DraftRow } from './draft-row.tsx';
import { useDiscardDraft, usePublishDrafts } from './use-shelf.ts';

const m = texts.shelf;
const filters: { value: DraftFilter; label: string }[] = [
  { value: 'all', label: m.filterAll },
  { value: 'not-ready', label: m.filterNotReady },
  { value: 'ready', label: m.filterReady },
];

/**
 * `/dashboard/drafts`: the seller's drafts a page at a time, each a row to go through by keyboard (condition,
 * defects, price, photo, then the next book), published one by one or all the ready ones at once.
 */
export function DraftsPage() {
  useDocumentTitle(m.draftsHeading);
  const [filter, setFilter] = useState<DraftFilter>('all');
  const paging = usePaging(draftsPageSize);
  const drafts = useDrafts(paging.page, filter);
  const counts = useDraftCounts();
  const categories = useCategories();
  const publish = usePublishDrafts();
  const discard = useDiscardDraft();
  const removing = useConfirmRemoval(discard, {
    title: (item) => m.discardWhat({ title: item.bookName }),
    confirmLabel: m.discard,
  });
  const list = useRef<HTMLDivElement>(null);
  const ready = counts.data?.ready ?? 0;

  /** Moves the keyboard to the next draft's first field (its condition), or to Publish after the last one. */
  function focusAfter(index: number) {
    const rows = list.current?.querySelectorAll<HTMLElement>('[data-draft-first]') ?? [];
    const next = rows[index + 1];
    if (next) {
      next.focus();
      next.scrollIntoView({ block: 'center', behavior: 'smooth' });
    } else document.getElementById('publish-all')?.focus();
  }

  async function publishAllReady() {
    const { items } = await getDrafts(1, 'ready', publishBatchMax);
    publish.mutate(items.map((draft) => draft._id));
  }

  return (
    <PageSection title={m.draftsHeading} className="mx-auto max-w-4xl">
      <p className="mb-4 text-base-content/80">{m.draftsIntro}</p>
      <div className="sticky top-16 z-10 -mx-2 mb-4 flex flex-wrap items-center justify-between gap-3 rounded-box bg-base-200/95 px-3 py-2 shadow-sm backdrop-blur">
        <p role="status" className="font-medium">
          {counts.data ? m.readyCount({ ready, total: counts.data.total }) : ''}
        </p>
        <button
          id="publish-all"
          type="button"
          className="btn btn-primary btn-sm"
          disabled={ready === 0 || publish.isPending}
          onClick={() => void publishAllReady()}
        >
          {publish.isPending && <span className="loading loading-spinner loading-xs" />}
          {m.publishAll({ n: Math.min(ready, publishBatchMax) })}
        </button>
      </div>
      <div role="radiogroup" aria-label={m.draftsHeading} className="join mb-4">
        {filters.map(({ value, label }) => (
          <input
            key={value}
            type="radio"
            name="draft-filter"
            className="join-item btn btn-sm"
            aria-label={label}
            checked={filter === value}
            onChange={() => {
              setFilter(value);
              paging.onPage(1);
            }}
          />
        ))}
      </div>
      <div ref={list}>
        <PagedList
          query={drafts}
          {...paging}
          empty={
            <span>
              {m.noDrafts}{' '}
              <Link to="/dashboard/shelf" className="link link-primary">
                {texts.dashboard.listShelf}
              </Link>
            </span>
          }
        >
          {(items) => (
            <ul className="space-y-4">
              {items.map((draft, index) => (
                <DraftRow
                  key={draft._id}
                  draft={draft}
                  currency={draft.currency}
                  categories={inCategoryNameOrder(categories.data ?? []).map((category) => category.name)}
                  publishing={publish.isPending}
                  onPublish={() => publish.mutate([draft._id])}
                  onDiscard={() => removing.ask({ _id: draft._id, bookName: draft.bookName ?? m.untitled })}
                  onNext={() => focusAfter(index)}
                />
              ))}
            </ul>
          )}
        </PagedList>
      </div>
      {removing.dialog}
    </PageSection>
  );
}
