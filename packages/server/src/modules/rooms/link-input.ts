import { ROOM_ADMIN_MESSAGES, type RoomLinkBody } from '@charter/domain';
import { invalid } from '../../http/errors.ts';

/** Spec 3 §5: a URL is required, https:// is prepended when it has no http, an empty label is the URL. */
export function normalizeLink(input: RoomLinkBody): { link: string; label: string } {
  const raw = input.link.trim();
  if (!raw) throw invalid({ link: ROOM_ADMIN_MESSAGES.linkRequired });
  const link = /^http/i.test(raw) ? raw : `https://${raw}`;
  const label = input.label?.trim() || link;
  return { link, label };
}
