/**
 * A 'document' question answered by an upload (spec 2 §5): the types accepted, one file at a time, the
 * toast, and the rule that a resource's file waits for the resource's name.
 */
export const DOCUMENT_UPLOAD_EXTENSIONS = ['pdf', 'doc', 'docx', 'txt', 'rtf', 'odt', 'wpd'] as const;

/** How many files one outside form's code may upload: anyone holding the code can upload, so it is capped. */
export const MAX_FORM_UPLOADS = 50;

export const DOCUMENT_UPLOAD_MESSAGES = {
  unsupported: `Unable to upload file type. Please choose one of the following types: ${DOCUMENT_UPLOAD_EXTENSIONS.join(', ')}`,
  oneFile: 'Upload one file at a time.',
  uploaded: 'File uploaded.',
  relatedFirst: (label: string) => `Fill in ${label} before uploading its file.`,
  noDocumentQuestion: 'This form has no document question to upload to.',
  formFull: `This form already holds ${MAX_FORM_UPLOADS} uploaded files, its limit.`,
} as const;

/** Whether a file name has one of the accepted extensions (the server checks the bytes too). */
export function isDocumentUploadName(filename: string): boolean {
  const extension = filename.toLowerCase().split('.').at(-1) ?? '';
  return filename.includes('.') && (DOCUMENT_UPLOAD_EXTENSIONS as readonly string[]).includes(extension);
}

/**
 * The cabinet file id a document answer holds (digits only, at most 9), or null when it holds none. The
 * one reading of a stored document answer: parsing it, checking it on save and naming its file.
 */
export function documentAnswerId(value: string | null | undefined): number | null {
  return value && /^\d{1,9}$/.test(value) ? Number(value) : null;
}
