import {
  OUTSIDE_FORM_MESSAGES,
  type OutsideFormType,
  type OutsideFormView,
  outsideFormStateLabel,
} from '@charter/domain';
import { deriveCode } from '../rooms/link-codes.ts';
import type { FormRow } from './scope.ts';

/** Where a form's code opens it: the form itself, or for a standing form the link that makes an instance. */
export function formLink(baseUrl: string, type: string, code: string) {
  return type === 'persistent' ? `${baseUrl}/api/redirect/form/${code}` : `${baseUrl}/outside-form/${code}`;
}

/** A form as its workspace sees it: the link is derived again (only its hash is stored). */
export function presentForm(form: FormRow, secret: string, baseUrl: string): OutsideFormView {
  const code = deriveCode(secret, 'form', form.id, form.codeGeneration);
  return {
    id: form.id,
    name: form.name,
    description: form.description,
    type: form.type as OutsideFormType,
    state: outsideFormStateLabel(form.state) as 'Open' | 'Completed',
    transaction_id: form.transactionId,
    room_id: form.roomId,
    parent_id: form.parentId,
    link: formLink(baseUrl, form.type, code),
    assigned_email: form.assignedEmail,
    send_email: form.sendEmail,
    email_status: form.sendEmail ? OUTSIDE_FORM_MESSAGES.emailSent : OUTSIDE_FORM_MESSAGES.emailNotSent,
    finalize: form.finalize,
    question_ids: form.questionIds,
    created_at: form.createdAt.toISOString(),
    completed_at: form.completedAt?.toISOString() ?? null,
  };
}
