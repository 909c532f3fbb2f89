import { useSyncExternalStore } from 'react';
import { bundleMaxBooks } from '#shared/bundles.ts';

/**
 * The bundle a buyer is putting together (ADR 031): books of one seller, kept in this browser until booked or
 * emptied. Nothing is held until it is booked; the bundle page asks the server what the books cost now.
 */
export interface DraftBundle {
  sellerId: string;
  sellerName: string;
  books: { id: string; name: string }[];
}

const key = 'bookshelf.bundle';
const listeners = new Set<() => void>();
let cached: { raw: string | null; value: DraftBundle | null } = { raw: null, value: null };

function read(): DraftBundle | null {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(key);
  } catch {
    return null;
  }
  if (raw === cached.raw) return cached.value;
  let value: DraftBundle | null = null;
  try {
    const parsed = raw ? (JSON.parse(raw) as DraftBundle) : null;
    value = parsed && Array.isArray(parsed.books) && parsed.books.length > 0 ? parsed : null;
  } catch {
    value = null;
  }
  cached = { raw, value };
  return value;
}

function write(bundle: DraftBundle | null) {
  try {
    if (bundle && bundle.books.length > 0) localStorage.setItem(key, JSON.stringify(bundle));
    else localStorage.removeItem(key);
  } catch {
    // A browser that keeps nothing (private mode, full storage) has no bundle to keep.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const fromOtherTab = (event: StorageEvent) => event.key === key && listener();
  window.addEventListener('storage', fromOtherTab);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', fromOtherTab);
  };
}

export const useDraftBundle = () => useSyncExternalStore(subscribe, read, () => null);

export type AddOutcome = 'added' | 'otherSeller' | 'full';

/** Adds a book; refused when the bundle holds another seller's books or is full. */
export function addToBundle(book: { id: string; name: string; sellerId: string; sellerName: string }): AddOutcome {
  const bundle = read();
  if (bundle && bundle.sellerId !== book.sellerId) return 'otherSeller';
  const books = bundle?.books ?? [];
  if (books.some((b) => b.id === book.id)) return 'added';
  if (books.length >= bundleMaxBooks) return 'full';
  write({
    sellerId: book.sellerId,
    sellerName: book.sellerName,
    books: [...books, { id: book.id, name: book.name }],
  });
  return 'added';
}

export function removeFromBundle(ids: string[]) {
  const bundle = read();
  if (!bundle) return;
  write({ ...bundle, books: bundle.books.filter((b) => !ids.includes(b.id)) });
}

export const emptyBundle = () => write(null);
