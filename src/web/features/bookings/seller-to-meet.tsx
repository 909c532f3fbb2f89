import { texts } from '#shared/i18n/texts.ts';
import type { BookingItem } from '#shared/schemas/booking.ts';

const m = texts.orders;

/** Whom a paid order's buyer meets, until the handover: the seller's name, phone and place. */
export function SellerToMeet({ seller }: { seller: NonNullable<BookingItem['seller']> }) {
  return (
    <div className="mt-2 rounded-box bg-base-200 p-2 text-sm" data-testid="seller-to-meet">
      <p className="font-medium">{m.meetSeller({ name: seller.name })}</p>
      <p>
        <span className="text-base-content/70">{m.sellerPhone}: </span>
        <a className="link" href={`tel:${seller.phone.replace(/[^\d+]/g, '')}`}>
          {seller.phone}
        </a>
      </p>
      <p className="break-words">
        <span className="text-base-content/70">{m.sellerPlace}: </span>
        {seller.location}
      </p>
    </div>
  );
}
