// D:YYYYMMDDHHmmSS followed by Z, or an offset written +HH'mm' (the apostrophes are often left out).
const PDF_DATE = /^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(?:(Z)|([+-])(\d{2})'?(\d{2})?'?)?/;

/**
 * A PDF date string (ISO 32000 7.9.4) as a Date, or null when it is not one. Missing fields take their
 * earliest value and a missing offset is read as UTC, as the standard says a reader should.
 */
export function parsePdfDate(text: string): Date | null {
  const match = PDF_DATE.exec(text);
  if (!match) return null;
  const [, year, month = '01', day = '01', hour = '00', minute = '00', second = '00', , sign, offH, offM] =
    match;
  const fields = [year, month, day, hour, minute, second].map(Number);
  const local = new Date(Date.UTC(fields[0], fields[1] - 1, fields[2], fields[3], fields[4], fields[5]));
  // Date.UTC rolls a 13th month or a 61st minute over; a real date reads back the same.
  const readBack = [
    local.getUTCFullYear(),
    local.getUTCMonth() + 1,
    local.getUTCDate(),
    local.getUTCHours(),
    local.getUTCMinutes(),
    local.getUTCSeconds(),
  ];
  if (readBack.some((value, index) => value !== fields[index])) return null;
  const offset = sign ? (sign === '-' ? -1 : 1) * (Number(offH) * 60 + Number(offM ?? 0)) * 60_000 : 0;
  return new Date(local.getTime() - offset);
}
