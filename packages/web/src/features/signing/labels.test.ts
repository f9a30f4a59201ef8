import { describe, expect, it } from 'vitest';
import { canResend, eventLabel, eventTitle, recipientStateLabel } from './labels.ts';

describe('signing labels', () => {
  it("gives recipients the spec's labels", () => {
    expect(recipientStateLabel({ state: 'signed' }, 'sent')).toBe('Signed');
    expect(recipientStateLabel({ state: 'sent' }, 'sent')).toBe('Not signed');
    expect(recipientStateLabel({ state: 'viewed' }, 'sent')).toBe('Viewed');
    expect(recipientStateLabel({ state: 'declined' }, 'declined')).toBe('Declined');
    expect(recipientStateLabel({ state: 'not_sent' }, 'draft')).toBe('Not yet sent');
    // Out for signature, but this one's turn (or final copy) has not come.
    expect(recipientStateLabel({ state: 'not_sent' }, 'sent')).toBe('Email not sent');
  });

  it('offers a new link only to who was sent one and has not signed, while the document is out', () => {
    expect(canResend({ state: 'sent' }, 'sent')).toBe(true);
    expect(canResend({ state: 'viewed' }, 'sent')).toBe(true);
    expect(canResend({ state: 'not_sent' }, 'sent')).toBe(false);
    expect(canResend({ state: 'signed' }, 'sent')).toBe(false);
    expect(canResend({ state: 'sent' }, 'voided')).toBe(false);
  });

  it('puts history entries in words', () => {
    expect(eventLabel('seal_failed')).toBe('Seal failed');
    expect(eventLabel('resent')).toBe('Link sent again');
    expect(eventLabel('document.viewed')).toBe('Document viewed');
    // A link names the recipient it went to, not only who sent it (that is the line below the title).
    expect(eventTitle({ kind: 'link_sent', to: 'Ada Founder' })).toBe('Link sent to Ada Founder');
    expect(eventTitle({ kind: 'signed', to: null })).toBe('Signed');
  });
});
