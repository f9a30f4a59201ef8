/** Where a redeemed or refused invite sends its message to the room page (shown 12.5 s, spec 3 §9). */
export const INVITE_NOTICE_MS = 12_500;
export type RoomLocationState = { notice?: string } | null;
