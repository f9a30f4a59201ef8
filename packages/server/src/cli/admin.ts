/**
 * Operator commands: `npm run admin -- staff EMAIL` makes a user platform staff (needed for remote login);
 * `npm run admin -- unstaff EMAIL` takes it back. Stop the server first when it runs on the embedded database.
 */
import { eq } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { holderOf } from '../data-dir-lock.ts';
import { openDatabase } from '../db/client.ts';
import { auditLog, users } from '../db/schema/index.ts';
import { findUserByEmail } from '../modules/auth/find-user.ts';

const [command, email] = process.argv.slice(2);
const usage = 'usage: npm run admin -- staff|unstaff EMAIL';

if (!email || (command !== 'staff' && command !== 'unstaff')) {
  console.error(usage);
  process.exit(2);
}

const config = loadConfig();
const holder = config.databaseUrl ? null : holderOf(config.dataDir);
if (holder) {
  console.error(
    `The server (pid ${holder}) holds the embedded database in ${config.dataDir}: stop it first.`,
  );
  process.exit(1);
}
const database = await openDatabase(config);
try {
  await database.migrate();
  const user = await findUserByEmail(database.db, email);
  if (!user) {
    console.error(`No user with email ${email}`);
    process.exitCode = 1;
  } else {
    const isStaff = command === 'staff';
    await database.db.transaction(async (tx) => {
      await tx.update(users).set({ isStaff, updatedAt: new Date() }).where(eq(users.id, user.id));
      await tx
        .insert(auditLog)
        .values({ action: isStaff ? 'staff_granted' : 'staff_revoked', target: { user_id: user.id } });
    });
    console.log(`${user.email} is ${isStaff ? 'now' : 'no longer'} platform staff.`);
  }
} finally {
  await database.close();
}
