import { type Control, useWatch } from 'react-hook-form';
import { texts } from '#shared/i18n/texts.ts';
import { toIsbn13 } from '#shared/isbn.ts';
import { formatMoney } from '#shared/money.ts';
import type { AddBookFormInput } from '#shared/schemas/add-book.ts';
import type { PriceGroup, PriceGuide } from '#shared/schemas/price-guide.ts';
import { QueryView } from '#web/components/query-view.tsx';
import { useDebounced } from '#web/lib/use-debounced.ts';
import { type PriceGuideAsk, usePriceGuide } from './api/get-price-guide.ts';

const m = texts.priceGuide;
/** How long typing must pause before the guide is asked. */
const pauseMs = 400;

/** What the form's fields let the guide be asked: a valid ISBN, and a title with an author; null when neither. */
function askOf(isbn = '', title = '', author = ''): PriceGuideAsk | null {
  const ask: PriceGuideAsk = {};
  const isbn13 = toIsbn13(isbn);
  if (isbn13) ask.isbn = isbn13;
  if (title.trim() && author.trim()) Object.assign(ask, { title: title.trim(), author: author.trim() });
  return Object.keys(ask).length > 0 ? ask : null;
}

function Group({
  group,
  line,
  none,
  currency,
}: {
  group: PriceGroup | null;
  line: typeof m.sold;
  none: string;
  currency: string;
}) {
  if (!group) return <li>{none}</li>;
  const money = (amount: number) => formatMoney(amount, currency);
  const range = group.min === group.max ? money(group.min) : `${money(group.min)}–${money(group.max)}`;
  return <li>{line({ range, median: money(group.median), n: group.count })}</li>;
}

function Guidance({ guide }: { guide: PriceGuide }) {
  if (!guide.enough) return <p>{m.notEnough({ n: guide.comparables })}</p>;
  return (
    <>
      <p className="text-base-content/70">{guide.matchedBy === 'isbn' ? m.byIsbn : m.byTitle}</p>
      <ul className="mt-1 space-y-1">
        <Group group={guide.sold} line={m.sold} none={m.noneSold} currency={guide.currency} />
        <Group group={guide.listed} line={m.listed} none={m.noneListed} currency={guide.currency} />
      </ul>
    </>
  );
}

/**
 * The add-a-book form's price guide: what copies of the book being typed (its ISBN, or its title and author) sold for
 * and are listed at here, asked when typing pauses. Screen readers hear each new answer once it is shown.
 */
export function PriceGuidePanel({ control }: { control: Control<AddBookFormInput> }) {
  const [isbn, title, author] = useWatch({ control, name: ['isbn', 'bookName', 'author'] });
  const ask = useDebounced(askOf(isbn ?? '', title ?? '', author ?? ''), pauseMs);
  const guide = usePriceGuide(ask);
  return (
    <section aria-labelledby="price-guide-heading" className="mt-4 rounded-box bg-base-200 p-4 text-sm md:col-span-2">
      <h2 id="price-guide-heading" className="mb-1 font-semibold">
        {m.heading}
      </h2>
      <div aria-live="polite">
        {ask === null ? (
          <p className="text-base-content/70">{m.prompt}</p>
        ) : (
          <QueryView query={guide}>{(data) => <Guidance guide={data} />}</QueryView>
        )}
      </div>
    </section>
  );
}
