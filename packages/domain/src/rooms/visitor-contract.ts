import { z } from 'zod';
import { rowId, rowIdParam } from '../contract/common.ts';
import { NDA_STATUSES } from './constants.ts';
import { roomDocumentView, roomOverview } from './contract.ts';

/**
 * How outside people reach a room (spec 3 §2, §4, §7): every call names the room by its general access
 * code (/api/guest/rooms/{code}/…); who is asking is a room session (X-Room-Session, from a personal
 * link), a signed-in user (optional Bearer id_token), or an anonymous browser (X-Room-Visitor-Key).
 */

/** Headers a visitor page sends. */
export const ROOM_SESSION_HEADER = 'x-room-session';
export const ROOM_VISITOR_KEY_HEADER = 'x-room-visitor-key';
/** A browser key: random, made once by the page and kept in its storage. */
export const VISITOR_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
/** Wrong secrets one client (address and browser key) may try on a personal link in a window. */
export const ROOM_CODE_MAX_ATTEMPTS = 5;
export const ROOM_CODE_ATTEMPT_WINDOW_MINUTES = 15;
/** A personal link's public id, as its URL names it (random; links mailed before carry the row's number). */
export const ROOM_CODE_PUBLIC_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** Spec 3 §8 texts of the visitor screens that constants.ts does not hold. */
export const VISITOR_MESSAGES = {
  inviteInvalid: 'This invite link is not valid.',
  inviteLocked: `Too many attempts with this invite link. Please try again in ${ROOM_CODE_ATTEMPT_WINDOW_MINUTES} minutes.`,
  disconnected: 'You no longer have access to this room.',
  /** A Private or Invite Only room to someone it was not shared with: signing in would not let them in. */
  privateRoom: 'This room is private. Ask the person who shared it with you for a personal link.',
  historyFileRequired: 'Name the document viewed or downloaded.',
  historyFormRequired: 'Name the form opened.',
  historyPageBeyond: 'This page is not in the document.',
  formNotInRoom: 'This form is not in this room.',
  readOnly: 'Documents in this room cannot be downloaded.',
  fileNotInRoom: 'This file is not in this room.',
  keyRequired: 'Open this room from its page: the visitor key is missing.',
} as const;

const ROOM_NOUNS: Record<string, string> = {
  deal: 'deal room',
  report: 'report room',
  reporting: 'reporting room',
  'data-room': 'data room',
};

/** 'This room link requires you to Sign In …' (spec 3 §8), by room type, naming the viewer's email if known. */
export function signInRequiredMessage(type: string | null, email?: string | null): string {
  const noun = (type && ROOM_NOUNS[type]) || 'room';
  const who = email ? ` as ${email}` : '';
  return `This room link requires you to Sign In${who} to view this ${noun}.`;
}

export const guestRoomParams = z.object({ code: z.string().max(64) });
export const roomFileParams = z.object({ code: z.string().max(64), fileId: rowIdParam });
export const roomFileQuery = z.object({
  token: z.string().max(100).optional(),
  /** 1: as an attachment (a download, refused in read-only rooms); otherwise inline (a preview). */
  download: z.enum(['0', '1']).optional(),
});
/** ?visit=1 on the page's first load: counts a visit; polls leave it out. */
export const guestRoomQuery = z.object({ visit: z.enum(['0', '1']).optional() });

/**
 * POST /api/guest/rooms/{code}/redeem: a personal link's id and secret (from /invites/room/{code}?id&code).
 * The id is the link's random public id; a link mailed before public ids names its row's number.
 */
export const redeemRoomCodeBody = z.object({
  id: z.union([rowId, z.string().regex(ROOM_CODE_PUBLIC_ID_PATTERN, VISITOR_MESSAGES.inviteInvalid)]),
  code: z.string().min(1).max(100),
});
export const roomSessionView = z.object({ session: z.string(), expires_at: z.string() });
export type RoomSessionView = z.infer<typeof roomSessionView>;

export const VISITOR_HISTORY_ACTIONS = ['view', 'download', 'form'] as const;
/**
 * POST /api/{guest|user}/rooms/{…}/history: what the visitor did, by ids only. The entry's label and
 * sublabel are the server's (the document's label, "Page 3", the form's name): text a guest sends is
 * not taken (unknown keys are dropped), so no one writes words of their own into the owner's history.
 */
export const roomHistoryBody = z.object({
  action: z.enum(VISITOR_HISTORY_ACTIONS),
  file_id: rowId.nullish(),
  form_id: rowId.nullish(),
  page: z.number().int().min(1).max(100_000).nullish(),
  seconds: z.number().int().min(0).max(86_400).nullish(),
});
export type RoomHistoryBody = z.input<typeof roomHistoryBody>;

export const guestHistoryEntryView = z.object({
  id: z.number(),
  action: z.string(),
  label: z.string(),
  sublabel: z.string(),
  file_id: z.number().nullable(),
  page: z.number().nullable(),
  seconds: z.number().nullable(),
  created_at: z.string(),
});
export const roomHistoryList = z.object({ history: z.array(guestHistoryEntryView) });
export type GuestHistoryEntryView = z.infer<typeof guestHistoryEntryView>;

export const roomFileLinkView = z.object({ token: z.string(), url: z.string(), expires_at: z.string() });
export type RoomFileLinkView = z.infer<typeof roomFileLinkView>;

/**
 * A room document as the overview presents it (requires_signature: the viewer is an unsigned signer;
 * admins: anyone still has to sign), with the viewer's own marks. The guest room sends each document
 * once, here: its overview carries the other sections only.
 */
export const guestRoomDocumentView = roomDocumentView.extend({
  can_download: z.boolean(),
  /** Added or changed since the viewer's previous visit. */
  is_new: z.boolean(),
});
export const guestRoomLinkView = z.object({
  id: z.number(),
  label: z.string(),
  link: z.string(),
  is_new: z.boolean(),
});

/** GET /api/guest/rooms/{code}: the room as this viewer may see it. */
export const guestRoomView = z.object({
  room: z.object({
    label: z.string(),
    type: z.string().nullable(),
    status: z.string(),
    read_only: z.boolean(),
    watermark: z.boolean(),
  }),
  viewer: z.object({
    kind: z.enum(['admin', 'visitor']),
    email: z.string().nullable(),
    name: z.string(),
    /** Admins only: where the room is edited in the main app (/c/{accountId}/rooms/{id}). */
    admin_path: z.string().nullable(),
    previous_visit_at: z.string().nullable(),
  }),
  signature_count: z.number(),
  documents: z.array(guestRoomDocumentView),
  links: z.array(guestRoomLinkView),
  /**
   * The overview every room screen shows (modules/rooms/overview.ts), for this viewer, but its documents:
   * they are `documents` above.
   */
  overview: roomOverview.omit({ documents: true }),
  /**
   * The room's NDA gate: while required and not signed, documents are withheld; file_id is the NDA
   * itself, which the visitor may read before signing.
   */
  nda: z.object({ required: z.boolean(), status: z.enum(NDA_STATUSES), file_id: z.number().nullable() }),
});
export type GuestRoomView = z.infer<typeof guestRoomView>;
export type GuestRoomDocumentView = z.infer<typeof guestRoomDocumentView>;

/** POST /api/guest/rooms/{code}/challenge: mail an 8-character code to this address. */
export const roomChallengeBody = z.object({ email: z.string().max(254) });
/** The challenge's id, and a receipt only the asking browser holds (to poll GET /api/authn/challenge/{id}). */
export const roomChallengeView = z.object({ id: z.string(), receipt: z.string() });
export type RoomChallengeView = z.infer<typeof roomChallengeView>;
export const roomChallengeParams = z.object({ code: z.string().max(64), id: z.string().max(64) });
/** POST /api/guest/rooms/{code}/challenge/{id}: the code from the email. */
export const verifyRoomChallengeBody = z.object({ code: z.string().max(64) });

/** POST /api/guest/rooms/{code}/nda: go to `url` to sign, wait for the seal (pending, no url), or open the room. */
export const roomNdaStartView = z.object({
  status: z.enum(NDA_STATUSES),
  url: z.string().nullable(),
  document_id: z.number().nullable(),
});
export type RoomNdaStartView = z.infer<typeof roomNdaStartView>;

/** GET /api/guest/rooms/{code}/forms: the room's open outside forms (its Connected Form tab). */
export const guestRoomFormView = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  /** Where the form opens: /data-room/{code}/outside-form/{formCode} (a standing form: its redirect). */
  path: z.string(),
});
export const guestRoomFormList = z.object({ forms: z.array(guestRoomFormView) });
export type GuestRoomFormView = z.infer<typeof guestRoomFormView>;
