import { describe, expect, it } from 'vitest';
import { FILE_NAME_REQUIRED, FILE_NAME_SLASH, validateFileName } from './file-name.ts';

describe('file names', () => {
  it('refuses a blank name and any slash, which would read as a folder', () => {
    expect(validateFileName('  ')).toBe(FILE_NAME_REQUIRED);
    expect(validateFileName('Q3/Minutes')).toBe(FILE_NAME_SLASH);
    expect(validateFileName('Q3\\Minutes')).toBe(FILE_NAME_SLASH);
    expect(validateFileName('Q3 Minutes (final).pdf')).toBeNull();
  });
});
