import { z } from 'zod';

/**
 * Imported first by every entry (main.tsx of the app, the visitor pages and the staff console), before
 * any schema parses: zod compiles object parsers with `new Function` when it may, and finds out whether
 * it may by trying `Function('')` once. The server's CSP allows no eval, so the try is refused, and
 * Chromium reports a refused eval as a CSP violation (a console error) even though zod catches it.
 * Jitless, zod neither tries nor compiles: the interpreted parsers it falls back to anyway.
 */
z.config({ jitless: true });
