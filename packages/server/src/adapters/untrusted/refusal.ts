// The file alone, not the whole domain: the worker loads this, and every worker start pays for it.
import { FILE_REFUSED_MESSAGES, type FileRefusalReason } from '@charter/domain/rules/file-limits';
import { AppError } from '../../http/errors.ts';

/**
 * A file refused before or while it was opened, past one of its limits: a 422 FILE_TOO_COMPLEX whose
 * message says which limit in the user's words; `detail` (the numbers) is for the log. Thrown in the
 * worker and by the checks run before it, it crosses the thread boundary by `reason` and `detail`.
 */
export class FileRefused extends AppError {
  readonly reason: FileRefusalReason;
  readonly detail: string;

  constructor(reason: FileRefusalReason, detail: string) {
    super('FILE_TOO_COMPLEX', FILE_REFUSED_MESSAGES[reason]);
    this.name = 'FileRefused';
    this.reason = reason;
    this.detail = detail;
  }
}

export const isFileRefused = (error: unknown): error is FileRefused => error instanceof FileRefused;
