import { describe, expect, it } from 'vitest';
import { parsePdfDate } from './pdf-date.ts';

describe('parsePdfDate', () => {
  it.each([
    ['D:20260105101112Z', '2026-01-05T10:11:12.000Z'],
    ["D:20260105121112+02'00'", '2026-01-05T10:11:12.000Z'],
    ["D:20260105053112-04'40", '2026-01-05T10:11:12.000Z'],
    ['D:202601051011', '2026-01-05T10:11:00.000Z'],
    ['D:2026', '2026-01-01T00:00:00.000Z'],
  ])('reads %s', (text, iso) => {
    expect(parsePdfDate(text)?.toISOString()).toBe(iso);
  });

  it('refuses what is not a PDF date', () => {
    expect(parsePdfDate('yesterday')).toBeNull();
    expect(parsePdfDate('D:20261399')).toBeNull();
  });
});
