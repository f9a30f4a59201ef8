/**
 * The disclosure a signer accepts before signing electronically (ESIGN, 15 U.S.C. §7001(c)(1)): the right
 * to paper, the scope of the consent, how to withdraw it and what that does, how to get a paper copy, and
 * the hardware and software needed. Its version is recorded with each consent, so a later change of
 * wording never rewrites what someone agreed to.
 */
export const ESIGN_DISCLOSURE_VERSION = '2026-11-25';

export const ESIGN_DISCLOSURE = {
  title: 'Consent to do business electronically',
  paragraphs: [
    '{sender} asks you to receive and sign this document electronically. Before you do, please read this disclosure.',
    'Paper copy. You have the right to receive this document on paper instead. To ask for a paper copy, or for a paper copy of the signed document at any time, write to {sender} at {contact}. No fee is charged.',
    'Scope. Your consent applies only to this document and the notices about it (its signing, completion, or cancellation).',
    'Withdrawing consent. You may withdraw your consent before you sign by choosing Decline, or by writing to {contact}. Withdrawing has no fee; it ends the electronic signing of this document, and {sender} will send it to you in another way. A signature you already gave stays valid.',
    'What you need. A device with a current web browser (Chrome, Safari, Firefox or Edge) with JavaScript turned on, an email address, and a way to open or save PDF files. You can download the document from this page before and after you sign.',
    'By choosing "I agree", you confirm that you can open this page and download the PDF, and that you agree to use electronic records and signatures for this document.',
  ],
  agree: 'I agree',
} as const;

/** The disclosure's paragraphs with the sender's name and contact address filled in. */
export const esignDisclosure = (sender: string, contact: string) =>
  ESIGN_DISCLOSURE.paragraphs.map((text) =>
    text.replaceAll('{sender}', sender).replaceAll('{contact}', contact),
  );
