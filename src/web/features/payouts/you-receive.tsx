import { type Control, useWatch } from 'react-hook-form';
import { texts } from '#shared/i18n/texts.ts';
import { formatMoney, fromCents, toCents } from '#shared/money.ts';
import { splitPrice } from '#shared/platform-fee.ts';
import type { AddBookFormInput } from '#shared/schemas/add-book.ts';
import { usePlatformFee } from './use-payouts.ts';

/** The add-a-book form's "you receive": the price being typed, less the store's fee (PLATFORM_FEE). */
export function YouReceive({ control }: { control: Control<AddBookFormInput> }) {
  const price = useWatch({ control, name: 'resalePrice' });
  const fee = usePlatformFee();
  const amount = Number(String(price ?? '').trim());
  if (!fee.data || !String(price ?? '').trim() || !Number.isFinite(amount) || amount <= 0) return null;
  const { percent, minimum, maximum, currency } = fee.data;
  const split = splitPrice(toCents(amount), {
    basisPoints: Math.round(percent * 100),
    minCents: toCents(minimum),
    maxCents: toCents(maximum),
  });
  return (
    <p className="md:col-span-2 -mt-2 mb-3 text-sm" aria-live="polite" data-testid="you-receive">
      {texts.payouts.youReceive} <strong>{formatMoney(fromCents(split.shareCents), currency)}</strong>{' '}
      {texts.payouts.feeDetail({
        fee: formatMoney(fromCents(split.feeCents), currency),
        percent,
        minimum: formatMoney(minimum, currency),
        maximum: formatMoney(maximum, currency),
      })}
    </p>
  );
}
