/** The emailed six-digit code as the server expects it: digits only, sent as 123-456 (spec 1 §5). */
export function formatVerificationCode(input: string): string | null {
  const digits = input.replace(/\D/g, '');
  if (digits.length !== 6) return null;
  return `${digits.slice(0, 3)}-${digits.slice(3)}`;
}

/** Primary (priority 0) first, then verified, then by creation. */
export function sortAuthenticators<
  T extends { priority: number; verified_at: string | null; created_at: string },
>(list: T[]): T[] {
  return [...list].sort(
    (a, b) =>
      a.priority - b.priority ||
      Number(!a.verified_at) - Number(!b.verified_at) ||
      a.created_at.localeCompare(b.created_at),
  );
}
