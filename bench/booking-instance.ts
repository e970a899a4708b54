// A further app instance for the booking benchmarks (booking-lib.ts starts it): the server on the
// benchmark's database (DATABASE_URL) with the benchmarks' clock, on a free port; prints the port.
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { bookingClock } from '../apps/server/src/platform/clock.ts';
import { NOW } from './booking-lib.ts';

bookingClock.now = () => NOW;
const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'production' });
const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL ?? '',
  dataDir: 'memory://',
  poolSize: config.databasePoolSize,
});
const app = await buildApp({ config, database });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
