import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { intlLocale, texts } from '#shared/i18n/texts.ts';
import { initialsOf } from '#shared/initials.ts';
import { orderName } from '#shared/order-name.ts';
import { sellerReviewsPageSize } from '#shared/reviews.ts';
import type { Review, SellerProfile } from '#shared/schemas/review.ts';
import { BookCard } from '#web/components/book-card.tsx';
import { PagedItems } from '#web/components/paged-items.tsx';
import { useLocalPaging } from '#web/components/paging.ts';
import { Stars } from '#web/components/seller-rating.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { ErrorState } from '#web/components/states.tsx';
import { VerifiedBadge } from '#web/components/verified-badge.tsx';
import { AddToBundleButton, BundleBar, BundleOffer } from '#web/features/bundles/bundles.public.ts';
import { ApiError } from '#web/lib/api.ts';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { useCurrentUser } from '#web/lib/use-current-user.ts';
import { useSeller } from './api/get-seller.ts';
import { useSellerReviews } from './api/get-seller-reviews.ts';
import { HideDialog, ReplyDialog } from './review-text-dialog.tsx';

const t = texts.reviews;
const m = texts.sellerPage;
const monthYear = new Intl.DateTimeFormat(intlLocale(), { month: 'long', year: 'numeric', timeZone: 'UTC' });
const dayFormat = new Intl.DateTimeFormat(intlLocale(), { dateStyle: 'medium', timeZone: 'UTC' });

function Avatar({ seller }: { seller: SellerProfile }) {
  if (seller.image) {
    return (
      <img
        src={seller.image}
        alt=""
        width={96}
        height={96}
        className="size-20 rounded-full object-cover ring-2 ring-base-300 md:size-24"
      />
    );
  }
  return (
    <div
      aria-hidden="true"
      className="flex size-20 items-center justify-center rounded-full bg-primary text-2xl font-bold text-primary-content md:size-24 md:text-3xl"
    >
      {initialsOf(seller.name) || '?'}
    </div>
  );
}

function RatingSummary({ seller }: { seller: SellerProfile }) {
  const { average, count } = seller.rating;
  if (average === null || count === 0) {
    return <span className="badge badge-outline">{t.newSeller}</span>;
  }
  return (
    <p className="flex flex-wrap items-center gap-2" data-testid="seller-rating-summary">
      <Stars stars={average} label={t.rating({ average, count })} large />
      <span className="text-lg font-semibold" aria-hidden="true">
        {average.toFixed(1)}
      </span>
      <span className="text-base-content/70" aria-hidden="true">
        {t.reviewsCount({ count })}
      </span>
    </p>
  );
}

function Header({ seller }: { seller: SellerProfile }) {
  return (
    <header className="card card-border bg-base-100 shadow-sm">
      <div className="card-body flex-row flex-wrap items-center gap-5 p-5 md:p-8">
        <Avatar seller={seller} />
        <div className="min-w-0 flex-1 space-y-2">
          <h1 id="seller-heading" className="text-2xl font-bold break-words md:text-3xl">
            <bdi>{seller.name}</bdi>
          </h1>
          {seller.closed ? (
            <p className="text-base-content/80">{m.closed}</p>
          ) : (
            <>
              <p className="flex flex-wrap items-center gap-2 text-sm text-base-content/80">
                <VerifiedBadge verified={seller.verified} small />
                {seller.memberSince && (
                  <span>{m.memberSince({ when: monthYear.format(new Date(seller.memberSince)) })}</span>
                )}
              </p>
              <RatingSummary seller={seller} />
              <BundleOffer sellerId={seller._id} />
            </>
          )}
        </div>
        <dl className="stats stats-horizontal w-full bg-base-200 md:w-auto">
          <div className="stat px-5 py-3">
            <dt className="stat-title text-base-content/80 opacity-100">{m.onSale}</dt>
            <dd className="stat-value text-2xl">{seller.onSaleCount}</dd>
          </div>
          <div className="stat px-5 py-3">
            <dt className="stat-title text-base-content/80 opacity-100">{m.soldTitle}</dt>
            <dd className="stat-value text-2xl" data-testid="sold-count">
              {seller.soldCount}
            </dd>
          </div>
        </dl>
      </div>
    </header>
  );
}

function ReviewItem({
  review,
  sellerName,
  canReply,
  canHide,
  onReply,
  onHide,
}: {
  review: Review;
  sellerName: string;
  canReply: boolean;
  canHide: boolean;
  onReply: () => void;
  onHide: () => void;
}) {
  return (
    <li className="card card-border bg-base-100" data-testid="review">
      <div className="card-body gap-2 p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Stars stars={review.stars} label={t.stars({ n: review.stars })} />
          <time className="text-xs text-base-content/70" dateTime={review.publishedAt}>
            {dayFormat.format(new Date(review.publishedAt))}
          </time>
        </div>
        {review.text && <p className="break-words whitespace-pre-line">{review.text}</p>}
        <p className="text-sm text-base-content/70">
          {t.by({ name: review.authorName, role: review.authorRole })} · {orderName(review)}
        </p>
        {review.reply && (
          <div
            className="mt-1 rounded-box border-s-4 border-primary bg-base-200 p-3 text-sm"
            data-testid="review-reply"
          >
            <p className="font-semibold">{t.repliedBy({ name: sellerName })}</p>
            <p className="break-words whitespace-pre-line">{review.reply.text}</p>
          </div>
        )}
        {(canReply || canHide) && (
          <div className="card-actions justify-end">
            {canReply && !review.reply && (
              <button type="button" className="btn btn-sm" onClick={onReply}>
                {t.reply}
              </button>
            )}
            {canHide && (
              <button type="button" className="btn btn-sm btn-outline btn-error" onClick={onHide}>
                {t.hide}
              </button>
            )}
          </div>
        )}
      </div>
    </li>
  );
}

function Reviews({ seller }: { seller: SellerProfile }) {
  const paging = useLocalPaging(sellerReviewsPageSize);
  const query = useSellerReviews(seller._id, paging.page);
  const { user } = useCurrentUser();
  const [replying, setReplying] = useState<{ id: string; author: string } | null>(null);
  const [hiding, setHiding] = useState<string | null>(null);
  return (
    <section aria-labelledby="reviews-heading" className="space-y-4">
      <h2 id="reviews-heading" className="text-2xl font-bold">
        {m.reviews}
      </h2>
      <PagedItems
        query={query}
        {...paging}
        empty={<p className="text-base-content/70">{t.noReviews}</p>}
        keyOf={(review) => review._id}
      >
        {(review) => (
          <ReviewItem
            review={review}
            sellerName={seller.name}
            canReply={user?.uid === seller._id}
            canHide={user?.role === 'Admin'}
            onReply={() => setReplying({ id: review._id, author: review.authorName })}
            onHide={() => setHiding(review._id)}
          />
        )}
      </PagedItems>
      <ReplyDialog review={replying} onClose={() => setReplying(null)} />
      <HideDialog reviewId={hiding} onClose={() => setHiding(null)} />
    </section>
  );
}

function OnSale({ seller }: { seller: SellerProfile }) {
  return (
    <section aria-labelledby="on-sale-heading" className="space-y-4">
      <h2 id="on-sale-heading" className="text-2xl font-bold">
        {m.onSale}
      </h2>
      {seller.onSale.length === 0 ? (
        <p className="text-base-content/70">{m.noneOnSale}</p>
      ) : (
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
          {/* The first row is on a phone's first screen, below the seller's header. */}
          {seller.onSale.map((book, index) => (
            <BookCard key={book._id} book={book} showSeller={false} eager={index < 2}>
              <div className="mt-1">
                <AddToBundleButton book={book} size="sm" />
              </div>
            </BookCard>
          ))}
        </div>
      )}
    </section>
  );
}

/** `/sellers/:id`: a person's public page: who they are, their rating and reviews, their books on sale and sold. */
export function SellerPage() {
  const { id = '' } = useParams();
  const seller = useSeller(id);
  useDocumentTitle(seller.data?.name);
  if (seller.isPending) return <Spinner />;
  if (seller.isError) {
    if (seller.error instanceof ApiError && (seller.error.status === 404 || seller.error.status === 400)) {
      return (
        <div className="py-16 text-center">
          <h1 className="text-3xl font-bold">{m.notFound}</h1>
          <Link to="/search" className="btn btn-primary mt-6">
            {texts.bookPage.findAnother}
          </Link>
        </div>
      );
    }
    return <ErrorState error={seller.error} />;
  }
  const data = seller.data;
  return (
    <article aria-labelledby="seller-heading" className="mx-auto max-w-6xl space-y-10 pb-20">
      <Header seller={data} />
      {/* Their books first, as a shop shows its shelves (the header above has their rating); the reviews beside them. */}
      <div className="grid gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        {!data.closed && <OnSale seller={data} />}
        <Reviews seller={data} />
      </div>
      <BundleBar />
    </article>
  );
}
