/**
 * What a refused file says (ours: the spec has no message for it). A file a user picked or uploaded is
 * opened only within limits (its unpacked size, its number of parts, the time and memory reading it
 * takes), so one hostile file cannot hold up the server for everyone; past a limit, it is refused with
 * one of these, under the code FILE_TOO_COMPLEX (422).
 */
export const FILE_REFUSED_MESSAGES = {
  size: 'This file cannot be opened: unpacked, it is too large. Please choose a smaller file.',
  entries: 'This file cannot be opened: it holds too many parts. Please choose a different file.',
  time: 'This file cannot be opened: reading it takes too long. Please choose a simpler file.',
  memory: 'This file cannot be opened: reading it needs too much memory. Please choose a simpler file.',
} as const;

export type FileRefusalReason = keyof typeof FILE_REFUSED_MESSAGES;
