import { write, writeSync } from 'node:fs';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export type Logger = Record<Exclude<LogLevel, 'silent'>, (message: string, fields?: Record<string, unknown>) => void>;

const severity: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 50 };

/** Characters of lines gathered before they are written, without waiting for the event loop's turn. */
const flushAt = 64 * 1024;

/**
 * One JSON object per line on stdout (`level`, `time`, the fields, `message`), so any log collector can read it.
 * A line costs one `JSON.stringify` of its fields; writing is `stdoutLines`'s. Under load the request log was a
 * fifth of each answer's time through pino's destination, which writes line by line.
 */
export function createLogger(level: LogLevel): Logger {
  const at = (name: Exclude<LogLevel, 'silent'>) => {
    if (severity[name] < severity[level]) return () => {};
    return (message: string, fields?: Record<string, unknown>) => {
      const inner = fields ? JSON.stringify(fields).slice(1, -1) : '';
      const time = `{"level":"${name}","time":"${isoTimeNow()}",`;
      stdoutLines.add(`${time}${inner && `${inner},`}"message":${JSON.stringify(message)}}\n`);
    };
  };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

let isoTime = { ms: 0, text: '' };

/** The time as ISO 8601, formatted once a millisecond however many lines are logged in it. */
function isoTimeNow(): string {
  const ms = Date.now();
  if (ms !== isoTime.ms) isoTime = { ms, text: new Date(ms).toISOString() };
  return isoTime.text;
}

/**
 * The process's stdout, shared by every logger so that one write is in flight at a time: lines are gathered and
 * written together once per turn of the event loop, by one asynchronous write, and what is left is written
 * synchronously when the process exits (a crash included; not a SIGKILL).
 */
const stdoutLines = (() => {
  let pending = '';
  /** Bytes taken from `pending` and not written yet: the write in flight, or what a short write left. */
  let unwritten: Buffer | undefined;
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    if (unwritten || pending === '') return;
    unwritten = Buffer.from(pending);
    pending = '';
    writeOut();
  };
  const writeOut = () => {
    write(1, unwritten!, (error, written) => {
      // stdout may be a non-blocking pipe that is full: try again shortly. Any other error drops the chunk.
      if (error && error.code === 'EAGAIN') return void setTimeout(writeOut, 10);
      unwritten = !error && written < unwritten!.length ? unwritten!.subarray(written) : undefined;
      if (unwritten) writeOut();
      else flush();
    });
  };
  // The lines no write has taken yet; a write in flight has either happened or is lost with the process.
  process.on('exit', () => writeAllNow(pending));

  return {
    add(line: string) {
      pending += line;
      if (pending.length >= flushAt) flush();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
  };
})();

/** Writes `text` to stdout before returning, waiting out a full non-blocking pipe (at exit, nothing else runs). */
function writeAllNow(text: string): void {
  const bytes = Buffer.from(text);
  for (let offset = 0; offset < bytes.length; ) {
    try {
      offset += writeSync(1, bytes, offset);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') return;
    }
  }
}
