import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { upsertAdmin } from './modules/auth/data.ts';
import { seedReference } from './modules/reference/data.ts';

// npm run admin -- --email X --password Y: creates that admin, or resets its password and makes it an active admin
// again, with two-factor off, signed out everywhere and its sign-in throttle cleared (upsertAdmin).
const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' } } });
const args = z
  .object({
    email: z.email('--email must be an email'),
    password: z.string().min(10, '--password must be at least 10 characters'),
  })
  .safeParse(values);
if (!args.success) {
  process.stderr.write(
    `${args.error.issues.map((i) => i.message).join('\n')}\nUsage: npm run admin -- --email X --password Y\n`,
  );
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase(
  config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: path.join(config.DATA_DIR, 'pglite') },
).catch((err: Error) => {
  // The embedded database of a running server (data-dir-lock.ts), or a server that cannot be reached.
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
});
try {
  await database.migrate();
  await seedReference(database.db);
  const result = await upsertAdmin(database.db, args.data.email, args.data.password);
  process.stdout.write(
    `Admin ${args.data.email} ${result === 'created' ? 'created' : 'password reset (an active admin, two-factor off, signed out everywhere)'}\n`,
  );
} finally {
  await database.close();
}
