export type ShareLink = { label: string; url: string };

export const SHARE_LINK_MESSAGES = {
  required: 'Link required',
  incomplete: 'Incomplete Link Input',
  label: 'Label Required',
  url: 'Url Required',
} as const;

/** Links typed without a scheme get https:// (spec 2 §5). */
export const normalizeUrl = (url: string) => {
  const trimmed = url.trim();
  return !trimmed || /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
};

// '|', '[', ']', '(' and ')' are the format's own punctuation: escaped inside labels and URLs.
const escapePart = (value: string) => value.replace(/[\\|[\]()]/g, (c) => `\\${c}`);
const unescapePart = (value: string) => value.replace(/\\(.)/g, '$1');

/** Stored as `[label](url)|[label](url)`. */
export const encodeShareLinks = (links: readonly ShareLink[]) =>
  links.map((link) => `[${escapePart(link.label)}](${escapePart(normalizeUrl(link.url))})`).join('|');

export function decodeShareLinks(stored: string): ShareLink[] {
  const links: ShareLink[] = [];
  const pattern = /\[((?:\\.|[^\\\]])*)\]\(((?:\\.|[^\\)])*)\)/g;
  for (const match of stored.matchAll(pattern)) {
    links.push({ label: unescapePart(match[1]), url: unescapePart(match[2]) });
  }
  return links;
}

/** The first problem of a share-links answer, or null. */
export function validateShareLinks(links: readonly ShareLink[], required = false): string | null {
  const filled = links.filter((l) => l.label.trim() || l.url.trim());
  if (filled.length === 0) return required ? SHARE_LINK_MESSAGES.required : null;
  for (const link of filled) {
    if (!link.label.trim() && !link.url.trim()) return SHARE_LINK_MESSAGES.incomplete;
    if (!link.label.trim()) return SHARE_LINK_MESSAGES.label;
    if (!link.url.trim()) return SHARE_LINK_MESSAGES.url;
  }
  return null;
}
