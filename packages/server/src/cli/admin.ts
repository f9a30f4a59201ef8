/**
 * Operator commands: `npm run admin -- staff EMAIL` makes a user platform staff (the staff console at
 * /staff, remote login); `npm run admin -- unstaff EMAIL` takes it back. On a fresh install,
 * `STAFF_PASSWORD=… npm run admin -- staff EMAIL --create` creates that first staff member (verified,
 * no workspace) when no user has the address. Stop the server first when it runs on the embedded database.
 */
import { eq } from 'drizzle-orm';
import { hashPassword } from '../adapters/passwords.ts';
import { loadConfig } from '../config.ts';
import { holderOf } from '../data-dir-lock.ts';
import { openDatabase } from '../db/client.ts';
import { auditLog, users } from '../db/schema/index.ts';
import { findUserByEmail } from '../modules/auth/find-user.ts';
import { DATA_COMMANDS, runDataCommand } from './admin-data.ts';

const [command, email, option] = process.argv.slice(2);
const usage =
  'usage: npm run admin -- staff|unstaff EMAIL [--create (staff only; password from STAFF_PASSWORD)]\n' +
  '       npm run admin -- backup DIR | restore DIR | migrate-to-postgres DATABASE_URL';

if (DATA_COMMANDS.includes(command) && email && !option) {
  try {
    await runDataCommand(loadConfig(), command, email);
    process.exit(0);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
const create = option === '--create';

if (
  !email ||
  (command !== 'staff' && command !== 'unstaff') ||
  (option && (!create || command !== 'staff'))
) {
  console.error(usage);
  process.exit(2);
}
const password = process.env.STAFF_PASSWORD ?? '';
if (create && password.length < 8) {
  console.error('--create needs STAFF_PASSWORD (8 characters or more) in the environment.');
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
  let user = await findUserByEmail(database.db, email);
  if (!user && create) {
    [user] = await database.db
      .insert(users)
      .values({
        email: email.trim().toLowerCase(),
        passwordHash: await hashPassword(password),
        firstName: 'Platform',
        familyName: 'Staff',
        emailVerifiedAt: new Date(),
      })
      .returning();
    console.log(`Created ${user.email}.`);
  }
  if (!user) {
    console.error(`No user with email ${email}`);
    process.exitCode = 1;
  } else {
    const isStaff = command === 'staff';
    const { id } = user;
    await database.db.transaction(async (tx) => {
      await tx.update(users).set({ isStaff, updatedAt: new Date() }).where(eq(users.id, id));
      await tx
        .insert(auditLog)
        .values({ action: isStaff ? 'staff_granted' : 'staff_revoked', target: { user_id: id } });
    });
    console.log(`${user.email} is ${isStaff ? 'now' : 'no longer'} platform staff.`);
  }
} finally {
  await database.close();
}
