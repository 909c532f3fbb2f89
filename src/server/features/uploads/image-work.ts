import { AppError } from '#server/app-error.ts';

export interface ImageWorkStats {
  /** Pictures being decoded and encoded now. */
  running: number;
  /** Pictures waiting for their turn. */
  waiting: number;
  /** The most that ever ran at once (since the start, or the last `resetPeaks`). */
  peakRunning: number;
  /** The most that ever waited at once. */
  peakWaiting: number;
  /** Pictures turned away because the queue was full. */
  refused: number;
}

export type ImageWork = ReturnType<typeof createImageWork>;

/**
 * How long a caller turned away should wait: a full queue of 8 at 2 at a time, each at most about 1.5 s of work
 * (a 40-megapixel PNG), is empty again in about 6 s.
 */
export const busyRetryAfterSeconds = 6;

/**
 * The queue every picture's decoding and encoding goes through in this process: at most `concurrency` at once, up to
 * `maxWaiting` more waiting in arrival order; beyond that the caller is answered 503 with Retry-After at once rather
 * than pile up behind work it would wait seconds for.
 */
export function createImageWork({ concurrency, maxWaiting }: { concurrency: number; maxWaiting: number }) {
  const queue: (() => void)[] = [];
  const stats: ImageWorkStats = { running: 0, waiting: 0, peakRunning: 0, peakWaiting: 0, refused: 0 };

  const start = () => {
    stats.running += 1;
    stats.peakRunning = Math.max(stats.peakRunning, stats.running);
  };
  const finish = () => {
    const next = queue.shift();
    if (next) {
      // The slot passes to the next in line: `running` stays as it is.
      stats.waiting -= 1;
      next();
    } else {
      stats.running -= 1;
    }
  };

  async function turn(): Promise<void> {
    if (stats.running < concurrency) return start();
    if (stats.waiting >= maxWaiting) {
      stats.refused += 1;
      throw new AppError('UNAVAILABLE', 'The server is busy with other pictures: try again in a few seconds', {
        field: 'image',
        retryAfterSeconds: busyRetryAfterSeconds,
      });
    }
    stats.waiting += 1;
    stats.peakWaiting = Math.max(stats.peakWaiting, stats.waiting);
    await new Promise<void>((resolve) => queue.push(resolve));
  }

  return {
    /** Runs `work` when its turn comes (at once when a slot is free); throws 503 when the queue is full. */
    async run<T>(work: () => Promise<T>): Promise<T> {
      await turn();
      try {
        return await work();
      } finally {
        finish();
      }
    },
    stats: (): ImageWorkStats => ({ ...stats }),
    /** Starts the peaks again from what is running and waiting now (for a test that measures them). */
    resetPeaks() {
      stats.peakRunning = stats.running;
      stats.peakWaiting = stats.waiting;
    },
  };
}
