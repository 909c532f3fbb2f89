import { texts } from '#shared/i18n/texts.ts';

const m = texts.conversations;

/** Whether the live stream is connected: a quiet dot, and words for screen readers. */
export function LiveBadge({ live }: { live: boolean }) {
  return (
    <span className="flex items-center gap-1.5 text-xs text-base-content/70" data-testid="live-state" data-live={live}>
      <span aria-hidden="true" className={`inline-block size-2 rounded-full ${live ? 'bg-success' : 'bg-warning'}`} />
      {live ? m.live : m.reconnecting}
    </span>
  );
}
