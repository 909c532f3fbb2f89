/** A moment as people read it here: "Jun 3, 2026, 4:05 PM" in the browser's own time zone. */
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}
