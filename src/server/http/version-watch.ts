/**
 * What this process knows of a version the database keeps (db/change-versions.ts): the last value read,
 * trusted for `maxStalenessMs`, and not trusted any more once this process has answered a write that may
 * have changed it (`noteWrite`). Readers waiting at the same time share one read; a reading past half its
 * window is renewed ahead of time.
 */
export function createVersionWatch(options: {
  read: () => Promise<string>;
  maxStalenessMs: number;
  /** Called when a read finds a version other than the one known before. */
  onChange?: () => void;
}) {
  const { read, maxStalenessMs, onChange } = options;
  /** Grows with every write answered here: a version read before it may miss that write. */
  let epoch = 0;
  let known: { version: string; readAt: number; epoch: number } | undefined;
  let checking: { epoch: number; version: Promise<string> } | undefined;

  function check(): Promise<string> {
    const started = { epoch, at: performance.now() };
    const version = read().then((found) => {
      // A slower, older read must not overwrite what a newer one found.
      if (!known || started.at >= known.readAt) {
        if (known && known.version !== found) onChange?.();
        known = { version: found, readAt: started.at, epoch: started.epoch };
      }
      return found;
    });
    checking = { epoch, version };
    const done = () => {
      if (checking?.version === version) checking = undefined;
    };
    version.then(done, done);
    return version;
  }

  function fresh(): string | undefined {
    if (!known || known.epoch !== epoch) return undefined;
    const age = performance.now() - known.readAt;
    if (age >= maxStalenessMs) return undefined;
    // Read again in the second half of the window, so that busy readers seldom find the version stale
    // and wait for the database; a failed early read is retried by the first reader that needs it.
    if (age >= maxStalenessMs / 2 && !checking) check().catch(() => {});
    return known.version;
  }

  return {
    /** The version as last read, if that reading can still be trusted: no database call. */
    fresh,
    /** The version as last read, however long ago. */
    last: () => known?.version,
    /** The version, read again when the last reading is stale or older than a write answered here. */
    current(): string | Promise<string> {
      const version = fresh();
      if (version !== undefined) return version;
      if (checking && checking.epoch === epoch) return checking.version;
      return check();
    },
    noteWrite() {
      epoch += 1;
    },
  };
}

export type VersionWatch = ReturnType<typeof createVersionWatch>;
