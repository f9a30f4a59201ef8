import { z } from 'zod';

/** Row ids and other integers are PostgreSQL `integer`s: a larger number can name nothing. */
export const MAX_INT32 = 2_147_483_647;
export const INVALID_ID = 'Invalid id';
export const NUMBER_TOO_LARGE = 'Number out of range';

/** A row id in a JSON body. */
export const rowId = z.number().int(INVALID_ID).positive(INVALID_ID).max(MAX_INT32, INVALID_ID);
/** A row id in a path or a query string. */
export const rowIdParam = z.coerce.number().int(INVALID_ID).positive(INVALID_ID).max(MAX_INT32, INVALID_ID);
/** `{ id }` path parameters. */
export const idParams = z.object({ id: rowIdParam });

/** Any other integer stored in an `integer` column, in a JSON body. */
export const int32 = z.number().int().min(-MAX_INT32, NUMBER_TOO_LARGE).max(MAX_INT32, NUMBER_TOO_LARGE);
/** The same in a path or a query string. */
export const int32Param = z.coerce
  .number()
  .int()
  .min(-MAX_INT32, NUMBER_TOO_LARGE)
  .max(MAX_INT32, NUMBER_TOO_LARGE);

/** 0/1 as the spec's client sends them, or booleans. */
export const flag = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform(Boolean);

/** How many rows a page skips, in a query string. */
export const offsetParam = z.coerce.number().int().min(0).max(MAX_INT32, NUMBER_TOO_LARGE).default(0);
