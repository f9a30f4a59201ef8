import { ROOM_VISITOR_KEY_HEADER, signInRequiredMessage, VISITOR_MESSAGES } from '@charter/domain';
import { AppError, forbidden, invalid } from '../../http/errors.ts';
import type { RoomRow } from './find-room.ts';

/** Who is looking at a room, once resolved from the request (resolve-viewer.ts). */
export type RoomViewer =
  | { kind: 'admin'; userId: number; email: string; name: string }
  | {
      kind: 'visitor';
      visitor: VisitorRow;
      userId: number | null;
      /** The viewer holds a redeemed, unrevoked personal link of this room (by email). */
      linkHolder: boolean;
      /** How the viewer came: a room session, a signed-in user, or an anonymous browser key. */
      via: 'session' | 'user' | 'key';
    };

export type VisitorRow = {
  id: number;
  email: string | null;
  name: string;
  userId: number | null;
  previousVisitAt: Date | null;
  disconnectedAt: Date | null;
};

export type AccessMode = 'private' | 'open' | 'sign-in' | 'invite-only';

/** Spec 3 §4: Private (not open), Open, Sign-in Required (open + require_auth), Invite Only (strict). */
export function accessMode(room: Pick<RoomRow, 'open' | 'requireAuth' | 'strict'>): AccessMode {
  if (!room.open) return 'private';
  if (room.strict) return 'invite-only';
  return room.requireAuth ? 'sign-in' : 'open';
}

/** What an anonymous browser may do in this room: be let in (open) or told to sign in. */
export function anonymousAllowed(room: RoomRow): boolean {
  return accessMode(room) === 'open';
}

const signInRequired = (room: RoomRow, email?: string | null) =>
  new AppError('UNAUTHORIZED', signInRequiredMessage(room.type, email));

/**
 * Spec 3 §4 and §6: whether this viewer may see the room. Admins of the owning workspace always; a
 * disconnected visitor never; Private and Invite Only: personal-link holders; Sign-in Required: signed-in
 * users and link holders; Open: anyone. Only Sign-in Required asks for a sign-in (the spec's prompt): a
 * Private or Invite Only room tells anyone else it is private, since signing in would not let them in.
 */
export function authorizeViewer(room: RoomRow, viewer: RoomViewer | null): RoomViewer {
  if (viewer?.kind === 'admin') return viewer;
  if (viewer?.visitor.disconnectedAt) throw forbidden(VISITOR_MESSAGES.disconnected);
  const mode = accessMode(room);
  // An open room takes anyone, but as someone: the page sends its browser key.
  if (!viewer && mode === 'open') throw invalid({ [ROOM_VISITOR_KEY_HEADER]: VISITOR_MESSAGES.keyRequired });
  if (viewer?.linkHolder) return viewer;
  if (mode === 'private' || mode === 'invite-only') {
    // Signed in and still not let in: 403. Anyone else: 401, but no prompt to sign in either.
    if (viewer?.via === 'user') throw forbidden(VISITOR_MESSAGES.privateRoom);
    throw new AppError('UNAUTHORIZED', VISITOR_MESSAGES.privateRoom);
  }
  if (!viewer) throw signInRequired(room);
  if (mode === 'open') return viewer;
  if (viewer.via === 'user') return viewer;
  throw signInRequired(room, viewer.visitor.email);
}

/** Read-only rooms refuse downloads, except a document the viewer signs (spec 3 §6). */
export function mayDownload(room: RoomRow, viewer: RoomViewer, signsIt: boolean): boolean {
  return viewer.kind === 'admin' || !room.readOnly || signsIt;
}
