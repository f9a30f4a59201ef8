/** What every HTML email shares: escaping of what people typed, and one body style. */

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const mailHtml = (body: string) =>
  `<div style="font-family:Helvetica,Arial,sans-serif;font-size:15px;line-height:1.5;color:#1a1b1e">${body}</div>`;
