import { texts } from '#shared/i18n/texts.ts';

/** Whether a seller is verified, as a badge (`small` beside a line of text). */
export function VerifiedBadge({ verified, small = false }: { verified: boolean; small?: boolean }) {
  const size = small ? ' badge-sm' : '';
  return verified ? (
    <span className={`badge badge-success${size}`}>{texts.book.verified}</span>
  ) : (
    <span className={`badge badge-ghost${size}`}>{texts.book.notVerified}</span>
  );
}
