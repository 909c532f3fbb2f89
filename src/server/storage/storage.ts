/** Where uploaded and generated images live; the app only knows this interface. */
export interface Storage {
  /**
   * Stores `body` under `key` (a name made of letters, digits, `-`, `_` and dots) with its content type, to be
   * cached for a year by browsers and CDNs, and answers the URL a browser loads it from.
   */
  put(key: string, body: Buffer, contentType: string): Promise<string>;
  /** Whether `url` is one `put` answered and its object is still there. */
  has(url: string): Promise<boolean>;
  /** Deletes the object behind `url`; an address `put` did not answer, or an object already gone, is left alone. */
  delete(url: string): Promise<void>;
  /** Every stored object, by the URL `put` answered for it, with when it was written. */
  list(): AsyncIterable<StoredObject>;
  /** The bytes behind `url`, one `put` answered (for backups). */
  get(url: string): Promise<Buffer>;
  /** Throws when nothing can be stored now (for the readiness check); leaves nothing behind. */
  checkWritable(): Promise<void>;
}

export interface StoredObject {
  url: string;
  lastModified: Date;
}

/**
 * How long browsers and CDNs may keep a stored object without asking again: for ever, since a key is never
 * written twice (`storeImage` names every picture by a fresh random UUID).
 */
export const storedObjectCacheControl = 'public, max-age=31536000, immutable';

/** A key `put` accepts: no slashes, no `..`, nothing to escape in a URL or a file name. */
export const storageKeyPattern = /^[\w-]+(\.[\w-]+)*$/;
