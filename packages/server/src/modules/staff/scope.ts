import { STAFF_PAGE_SIZE } from '@charter/domain';
import { sql } from 'drizzle-orm';

/** LIMIT and OFFSET of a 1-based page. */
export const pageWindow = (page: number) => ({
  limit: STAFF_PAGE_SIZE,
  offset: (page - 1) * STAFF_PAGE_SIZE,
});

/** `%text%` for ILIKE, with the pattern characters of the text itself escaped. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A search for a number is also a search for the row with that id. */
export const idOf = (text: string) => (/^\d{1,9}$/.test(text) ? Number(text) : null);

export const countAll = sql<number>`count(*)::int`;
