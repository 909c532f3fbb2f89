import pino from 'pino';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export type Logger = Record<Exclude<LogLevel, 'silent'>, (message: string, fields?: Record<string, unknown>) => void>;

/**
 * One JSON object per line on stdout (`time`, `level`, `message` and the fields), so any log collector can read
 * it. Lines are buffered and written in batches (pino's asynchronous destination, flushed at exit): a request
 * line written synchronously costs a system call per request, which took a large share of each answer's time.
 */
export function createLogger(level: LogLevel): Logger {
  const log = pino(
    {
      level,
      base: null,
      messageKey: 'message',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    level === 'silent' ? undefined : pino.destination({ dest: 1, sync: false }),
  );
  const at = (name: Exclude<LogLevel, 'silent'>) => (message: string, fields?: Record<string, unknown>) =>
    log[name](fields ?? {}, message);
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
