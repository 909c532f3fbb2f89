import { texts } from '#shared/i18n/texts.ts';
import type { BookDetail } from '#shared/schemas/book.ts';
import type { SellerProfile } from '#shared/schemas/review.ts';

// The schema.org data a book's and a seller's page carry as JSON-LD (page-heads.ts): what search engines read.

/** An absolute URL for a path of ours (a storage may already answer absolute ones). */
export const absolute = (baseUrl: string, url: string) => (/^https?:\/\//.test(url) ? url : `${baseUrl}${url}`);

/** The copy's condition and its ticked defects, in words: the Offer's description. */
function copyDescription(book: BookDetail): string {
  const defects = book.defects.map((defect) => texts.defects.labels[defect]);
  const condition = texts.pageHeads.copyCondition({ condition: book.condition });
  return `${condition}${defects.length ? ` ${texts.defects.heading}: ${defects.join(', ')}.` : ''}`;
}

/**
 * schema.org `Book` with its `Offer`: what search engines read for a product page. The Offer's `itemCondition` is
 * always UsedCondition (schema.org has no scale of wear); the condition and the defects are its `description`.
 */
export function bookJsonLd(book: BookDetail, baseUrl: string): Record<string, unknown> {
  const url = `${baseUrl}/books/${book._id}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'Book',
    '@id': url,
    url,
    name: book.bookName,
    ...(book.author ? { author: { '@type': 'Person', name: book.author } } : {}),
    ...(book.isbn ? { isbn: book.isbn } : {}),
    ...(book.publisher ? { publisher: { '@type': 'Organization', name: book.publisher } } : {}),
    ...(book.publicationYear ? { datePublished: String(book.publicationYear) } : {}),
    description: book.description,
    image: book.photos.map((photo) => absolute(baseUrl, photo.url)),
    genre: book.booksCategory,
    offers: {
      '@type': 'Offer',
      url,
      price: book.resalePrice.toFixed(2),
      priceCurrency: book.currency,
      availability: book.status === 'Available' ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/UsedCondition',
      description: copyDescription(book),
      seller: { '@type': 'Person', name: book.SellerName, url: `${baseUrl}/sellers/${book.sellerId}` },
    },
  };
}

/**
 * schema.org `Person` for a seller's page, with its `aggregateRating` only when there are published reviews (a rating
 * of nothing is not one), and the books on sale as `makesOffer`.
 */
export function sellerJsonLd(seller: SellerProfile, baseUrl: string): Record<string, unknown> {
  const url = `${baseUrl}/sellers/${seller._id}`;
  const { average, count } = seller.rating;
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    '@id': url,
    url,
    name: seller.name,
    ...(seller.image ? { image: absolute(baseUrl, seller.image) } : {}),
    ...(average !== null && count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: average.toFixed(2),
            ratingCount: count,
            reviewCount: count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    ...(seller.onSale.length
      ? {
          makesOffer: seller.onSale.map((book) => ({
            '@type': 'Offer',
            url: `${baseUrl}/books/${book._id}`,
            price: book.resalePrice.toFixed(2),
            priceCurrency: book.currency,
            itemOffered: { '@type': 'Book', name: book.bookName },
          })),
        }
      : {}),
  };
}
