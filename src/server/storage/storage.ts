/** Where uploaded and generated images live; the app only knows this interface. */
export interface Storage {
  /** Stores `body` under `key` and answers the URL a browser loads it from. */
  put(key: string, body: Buffer, contentType: string): Promise<string>;
  /** Whether `url` is one `put` answered and its file is still there. */
  has(url: string): Promise<boolean>;
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

/** A key `put` accepts: no slashes, no `..`, nothing to escape in a URL or a file name. */
export const storageKeyPattern = /^[\w-]+(\.[\w-]+)*$/;
