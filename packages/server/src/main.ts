import { warmUp } from './adapters/untrusted/pool.ts';
import { buildApp } from './app.ts';
import { listenForAdmin } from './backup/admin-socket.ts';
import { loadConfig } from './config.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { seedBrands, seedDemo } from './seed.ts';
import { stopTracing } from './telemetry.ts';

const config = loadConfig();
const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
process.once('exit', unlock);
const app = await buildApp(config);
await seedBrands(app.ctx);
const demo = config.seedDemo ? await seedDemo(app.ctx) : null;

await app.listen({ port: config.port, host: config.host });
// npm run admin -- backup asks this process, the only one that can open the embedded database.
const stopAdmin = config.databaseUrl ? null : await listenForAdmin(app.ctx);
// Files people give us are read in worker threads (adapters/untrusted): the first one loads its parsers
// now, not when someone picks the first file. (Test apps start theirs on first use.)
void warmUp();

const lines = [
  '',
  `  Charter is running at ${config.publicUrl}`,
  demo ? `  Demo sign-in: ${demo.email} / ${demo.password}` : '  Demo user: off (SEED_DEMO=false)',
  config.smtpUrl
    ? '  Mail: delivered by SMTP'
    : `  Mail: kept in ${config.dataDir}/outbox (npm run mail -- --to EMAIL --json)`,
  `  API reference: ${config.publicUrl}/api/docs`,
  '',
];
console.log(lines.join('\n'));

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    Promise.all([stopAdmin?.(), app.close()])
      .then(stopTracing)
      .then(() => process.exit(0));
  });
}
