import { z } from 'zod';

/**
 * Answers shared by every area, and answers that are not a JSON body. A 204 declares `noContent`:
 * `z.undefined()` documents a response without a body and lets a route call `reply.send()` (`z.null()`
 * also answers 204, but the OpenAPI document then claims a JSON `null` body and `reply.send()` no longer
 * type-checks). Bytes are declared per media type and never pass through the JSON serializer.
 */

/** 204: no body. */
export const noContent = z.undefined().describe('No content');

/** A redirect (302): no body, the target in `Location`. */
export const redirectResponse = (description: string) =>
  z.undefined().meta({
    description,
    headers: { location: { type: 'string', description: 'Where the browser goes next' } },
  });

const bytes = z.any().meta({ type: 'string', format: 'binary' });

/** File bytes, a zip or a PDF: listed in the OpenAPI document under its media type ('*\/*' for any). */
export const binaryResponse = (description: string, mediaType: string) => ({
  description,
  content: { [mediaType]: { schema: bytes } },
});

/** A stored file of any type (a PDF, a zip, an upload). */
export const fileBytes = (description: string) => binaryResponse(description, '*/*');

/** `{ message }`: what a change did, in the words the web app shows as a toast. */
export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;
