import { useState } from 'react';
import { texts } from '#shared/i18n/texts.ts';
import type { SellerHandover } from '#shared/schemas/handover.ts';
import { ItemButton } from '#web/components/item-button.tsx';
import { EnterCodeDialog } from './enter-code-dialog.tsx';

const t = texts.handover;

const badges = {
  awaiting: ['badge-warning', t.awaiting],
  handedOver: ['badge-success', t.handedOver],
  problemReported: ['badge-warning', t.problemReported],
  refunded: ['badge-info', texts.orders.refunded],
} as const;

/**
 * A sold book's handover in the seller's My Products: how it stands, and 'Enter handover code' until it is
 * handed over (or too many wrong codes were entered).
 */
export function SellerHandoverStatus({
  bookingId,
  bookName,
  handover,
}: {
  bookingId: string;
  bookName: string;
  handover: SellerHandover | null;
}) {
  const [entering, setEntering] = useState(false);
  if (!handover) return null;
  const [badge, label] = badges[handover.state];
  const open = handover.state === 'awaiting' || handover.state === 'problemReported';
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <span className={`badge badge-sm ${badge}`} data-testid="handover-state">
        {label}
      </span>
      {open && handover.triesLeft > 0 && (
        <ItemButton
          action={t.enterCode}
          item={bookName}
          className="btn-sm btn-primary"
          onClick={() => setEntering(true)}
        />
      )}
      {open && handover.triesLeft === 0 && <p className="text-base-content/80">{t.locked}</p>}
      <EnterCodeDialog booking={entering ? { bookingId, bookName } : null} onClose={() => setEntering(false)} />
    </div>
  );
}
