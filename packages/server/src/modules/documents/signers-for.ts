import { isValidEmail, normalizeEmail } from '@charter/domain';
import type { TemplateSigner } from '../templates/library-schema.ts';
import { type BodyData, fillTokens } from './render-body.ts';

/** A person asked to sign a task's document, as its template names them, filled from the answers. */
export type Signer = { role: string; name: string; email: string; order: number };

/**
 * The signers of a task's document, their names and emails filled from `snapshot`: the answers frozen when
 * the task group was finalized, typed as the body was rendered from them (`bodyDataFrom`), so a document
 * and its signers never disagree. An email that is missing or not an address comes back as '': that
 * signer cannot be sent the document until it is given.
 */
export function signersFor(task: { signers: readonly TemplateSigner[] }, snapshot: BodyData): Signer[] {
  return task.signers.map(({ role, name, email, order }) => {
    const address = normalizeEmail(fillTokens(email, snapshot));
    return {
      role,
      name: fillTokens(name, snapshot),
      email: isValidEmail(address) ? address : '',
      order,
    };
  });
}
