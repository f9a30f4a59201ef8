import { hash, verify } from '@node-rs/argon2';

// OWASP argon2id parameters (DESIGN §1): m=19 MiB, t=2, p=1.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, options);

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  // Hash something even when there is nothing to compare, so timing does not reveal which emails exist.
  if (!passwordHash) {
    await hash(password, options);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
