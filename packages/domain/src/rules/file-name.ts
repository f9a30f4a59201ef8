export const FILE_NAME_REQUIRED = 'Enter a name.';
export const FILE_NAME_SLASH = 'File names cannot contain "/" or "\\".';

/**
 * A new name for a stored file. A slash would read as a folder: the server keeps only what follows the
 * last one, so 'Q3/Minutes' would silently become 'Minutes'. Refused instead, with a message.
 */
export function validateFileName(name: string): string | null {
  if (!name.trim()) return FILE_NAME_REQUIRED;
  if (/[/\\]/.test(name)) return FILE_NAME_SLASH;
  return null;
}
