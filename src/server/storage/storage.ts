/** Where uploaded and generated images live; the app only knows this interface. */
export interface Storage {
  /** Stores `body` under `key` and answers the URL a browser loads it from. */
  put(key: string, body: Buffer, contentType: string): Promise<string>;
  /** Whether `url` is one `put` answered and its file is still there. */
  has(url: string): Promise<boolean>;
  /** Every key stored (for backups). */
  list(): Promise<string[]>;
  /** The bytes stored under `key` (for backups). */
  get(key: string): Promise<Buffer>;
  /** Throws when nothing can be stored now (for the readiness check); leaves nothing behind. */
  checkWritable(): Promise<void>;
}
