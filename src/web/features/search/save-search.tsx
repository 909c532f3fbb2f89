import { texts } from '#shared/i18n/texts.ts';
import type { SearchParams } from '#shared/search-params.ts';
import { AddToWanted } from '#web/features/wanted/wanted.public.ts';

/** Under a search that found nothing: save it to the Wanted list, to be told when a matching book is listed. */
export function SaveSearch({ params }: { params: SearchParams }) {
  const { q, category, condition, minPrice, maxPrice, verified } = params;
  return (
    <div className="mt-4 flex justify-center">
      <AddToWanted
        entry={{ search: { q, category, condition, minPrice, maxPrice, verified: verified ? 'true' : '' } }}
        label={texts.wanted.saveSearch}
      />
    </div>
  );
}
