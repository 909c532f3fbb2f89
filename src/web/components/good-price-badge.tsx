import { texts } from '#shared/i18n/texts.ts';
import type { Book } from '#shared/schemas/book.ts';

const m = texts.priceGuide;

/** 'Good price' beside a book's price when it is in the cheapest quarter of its copies (ADR 018). */
export function GoodPriceBadge({ book, large = false }: { book: Pick<Book, 'goodPrice'>; large?: boolean }) {
  if (!book.goodPrice) return null;
  return (
    <span className={`badge badge-success self-start ${large ? '' : 'badge-sm'}`} title={m.goodPriceHint}>
      {m.goodPrice}
    </span>
  );
}
