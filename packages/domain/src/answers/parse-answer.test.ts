import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_UPLOAD_MESSAGES,
  documentAnswerId,
  isDocumentUploadName,
  MAX_FORM_UPLOADS,
} from './document-upload.ts';
import { parseAnswer } from './parse-answer.ts';

describe('parseAnswer: one stored answer as a program reads it', () => {
  it('reads dates, money, numbers, phones and SSNs', () => {
    expect(parseAnswer('date', '07/25/2025')).toBe('2025-07-25');
    expect(parseAnswer('date', 'Jul. 25, 2025')).toBe('2025-07-25');
    expect(parseAnswer('date', '13/45/2025')).toBeNull();
    expect(parseAnswer('month', '07/2025')).toBe('2025-07');
    expect(parseAnswer('currency', '$1,234.50')).toBe(123450);
    expect(parseAnswer('currency', '($1,000)')).toBe(-100000);
    expect(parseAnswer('float_currency', '$0.125')).toBe(12);
    expect(parseAnswer('salary', '$85,000.00 Per Month')).toEqual({
      amount_cents: 8500000,
      period: 'Per Month',
    });
    expect(parseAnswer('percent', '12.5%')).toBe(12.5);
    expect(parseAnswer('integer', '1,000,000')).toBe(1000000);
    expect(parseAnswer('phone', '+1 (415) 555-0132')).toBe('+14155550132');
    expect(parseAnswer('phone', '555')).toBeNull();
    expect(parseAnswer('social_security', '123456789')).toBe('*****6789');
    expect(parseAnswer('boolean', 'false')).toBe(false);
    expect(parseAnswer('checkbox_group', '["a","b"]')).toEqual(['a', 'b']);
    expect(parseAnswer('document', '42')).toBe(42);
    expect(parseAnswer('document', 'x')).toBeNull();
    expect(parseAnswer('string', '')).toBeNull();
  });

  it('reads an address from its stored JSON or from multi-line text', () => {
    const parts = { line_one: '1 Main St', line_two: 'Suite 2', city: 'Dover', state: 'DE', zip: '19901' };
    expect(parseAnswer('address', JSON.stringify(parts))).toEqual({ ...parts, country: '' });
    expect(parseAnswer('address_universal', '1 Main St\nSuite 2\nDover, DE 19901\nUSA')).toEqual({
      ...parts,
      country: 'USA',
    });
  });

  it("reads a document answer's file id: up to nine digits, nothing else", () => {
    expect(documentAnswerId('42')).toBe(42);
    expect(documentAnswerId('123456789')).toBe(123456789);
    for (const value of ['', null, undefined, '1234567890', '-1', '4.2', ' 42', '0x1f'])
      expect(documentAnswerId(value)).toBeNull();
  });

  it("says the form's upload cap in its message", () => {
    expect(MAX_FORM_UPLOADS).toBe(50);
    expect(DOCUMENT_UPLOAD_MESSAGES.formFull).toBe('This form already holds 50 uploaded files, its limit.');
  });

  it('accepts the upload extensions of spec 2 §5 only', () => {
    expect(isDocumentUploadName('deck.PDF')).toBe(true);
    expect(isDocumentUploadName('notes.wpd')).toBe(true);
    expect(isDocumentUploadName('photo.png')).toBe(false);
    expect(isDocumentUploadName('pdf')).toBe(false);
  });
});
