import os from 'node:os';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabaseWhenReachable } from './db/client.ts';
import { demoAccounts, seedDemoTenant } from './db/seed.ts';
import { qrCodeMakerFor } from './modules/resources/resources.save.service.ts';

/** Starts the server: configuration, database (migrated), demo data on first start, HTTP. */
async function main(): Promise<void> {
  const started = Date.now();
  const config = loadConfig();
  const database = await openDatabaseWhenReachable(
    {
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
      statementTimeoutMs: config.databaseStatementTimeoutMs,
      connectTimeoutMs: config.databaseConnectTimeoutMs,
    },
    (err, delay, attempt) =>
      console.warn(`the database does not answer (${err.message}); retrying in ${delay} ms (attempt ${attempt})`),
  );
  const app = await buildApp({ config, database });
  const seeded = config.seedDemo
    ? await seedDemoTenant(database.db, { qr: qrCodeMakerFor(config, database.db) })
    : false;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const url = `${config.publicUrl}${config.basePath}/`;
  const db = database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  console.log(`\nYuyue is running at ${url}  (${db}, ready in ${Date.now() - started} ms)`);
  // Outside production sign-in works at any address of this machine: say which ones there are.
  if (config.env !== 'production' && ['0.0.0.0', '::'].includes(config.host)) {
    const lan = Object.values(os.networkInterfaces())
      .flat()
      .filter((a) => a && a.family === 'IPv4' && !a.internal)
      .map((a) => `http://${a!.address}:${config.port}${config.basePath}/`);
    if (lan.length) console.log(`  also on this network: ${lan.join('  ')}`);
  }
  if (seeded || config.seedDemo) {
    console.log('Demo tenant "demo" accounts:');
    console.log(`  administrator  ${demoAccounts.admin.account} / ${demoAccounts.admin.password}`);
    console.log(`  user           ${demoAccounts.user.account} / ${demoAccounts.user.password}\n`);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
