/** Where uploaded and generated images live; the app only knows this interface. */
export interface Storage {
  /** Stores `body` under `key` and answers the URL a browser loads it from. */
  put(key: string, body: Buffer, contentType: string): Promise<string>;
  /** Whether `url` is one `put` answered and its file is still there. */
  has(url: string): Promise<boolean>;
}
