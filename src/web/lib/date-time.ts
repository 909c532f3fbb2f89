import { intlLocale } from '#shared/i18n/texts.ts';

/** A moment as people read it here: "Jun 3, 2026, 4:05 PM" in the browser's own time zone. */
const dateTimeFormat = new Intl.DateTimeFormat(intlLocale(), { dateStyle: 'medium', timeStyle: 'short' });

export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}
