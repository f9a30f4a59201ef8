import { createHash } from 'node:crypto';
import type { DocumentEventActor } from '../../db/schema/index.ts';

/** What an entry's hash covers: everything it says, and the hash of the entry before it. */
export type ChainedFields = {
  documentId: number;
  seq: number;
  kind: string;
  actor: DocumentEventActor;
  ip: string | null;
  userAgent: string | null;
  details: Record<string, unknown>;
  at: Date;
  prevHash: string;
};

/** JSON with every object's keys sorted, so a value hashes the same however jsonb stored it. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The hash the first entry of a document links to. */
export const chainStart = (documentId: number) => sha256(`charter:document:${documentId}`);

/** The hash of exactly the chained fields (a stored row has more: its id, workspace and own hash). */
export function entryHash(fields: ChainedFields): string {
  const { documentId, seq, kind, actor, ip, userAgent, details, at, prevHash } = fields;
  return sha256(
    canonicalJson({ documentId, seq, kind, actor, ip, userAgent, details, at: at.toISOString(), prevHash }),
  );
}

export type ChainCheck = { ok: true; entries: number } | { ok: false; brokenAt: number; reason: string };

/**
 * Whether a document's entries, in seq order, are the unbroken chain they were written as: numbered
 * 1, 2, 3…, each linked to the one before and hashing to what it says. Cutting entries off the end
 * leaves a shorter chain that still checks: the last hash printed on the sealed PDF's certificate page
 * is what anchors the whole history.
 */
export function checkChain(documentId: number, entries: (ChainedFields & { hash: string })[]): ChainCheck {
  let prev = chainStart(documentId);
  for (const [index, entry] of entries.entries()) {
    const seq = index + 1;
    if (entry.seq !== seq) return { ok: false, brokenAt: seq, reason: 'an entry is missing' };
    if (entry.prevHash !== prev)
      return { ok: false, brokenAt: seq, reason: 'it does not follow the entry before' };
    if (entryHash(entry) !== entry.hash) return { ok: false, brokenAt: seq, reason: 'it was changed' };
    prev = entry.hash;
  }
  return { ok: true, entries: entries.length };
}
