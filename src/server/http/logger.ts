const levels = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
export type LogLevel = keyof typeof levels;

export type Logger = Record<Exclude<LogLevel, 'silent'>, (message: string, fields?: Record<string, unknown>) => void>;

/** One JSON object per line on stdout, so any log collector can read it. */
export function createLogger(level: LogLevel): Logger {
  const write = (at: Exclude<LogLevel, 'silent'>) => (message: string, fields?: Record<string, unknown>) => {
    if (levels[at] < levels[level]) return;
    process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), level: at, message, ...fields })}\n`);
  };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}
