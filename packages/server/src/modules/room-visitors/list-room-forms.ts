import { type GuestRoomFormView, normalizeEmail } from '@charter/domain';
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { outsideForms } from '../../db/schema/index.ts';
import { roomFormsCondition } from '../outside-forms/scope.ts';
import { deriveCode, linkSecret } from '../rooms/link-codes.ts';
import type { RoomRow } from './find-room.ts';
import { ndaGate } from './nda-gate.ts';
import type { RoomViewer } from './policies.ts';

/**
 * The room's Connected Form tab: its open outside forms (those shared into it and those of its workflow:
 * outside-forms/scope.ts roomFormsCondition), state new, not cancelled; a standing form's instances are
 * the visitors' own and are not listed; a form sent to one email is listed only to that visitor, and a
 * workflow's form not shared into the room only to the visitor it was sent to (admins see them all). Each link is derived again from the form's id and
 * generation and opened under this room's code. Withheld, like the documents, while the viewer's NDA is
 * not signed.
 */
export async function listRoomForms(input: {
  ctx: AppContext;
  tx: Tx;
  room: RoomRow;
  viewer: RoomViewer;
  code: string;
}): Promise<{ forms: GuestRoomFormView[] }> {
  const { ctx, tx, room, viewer, code } = input;
  const gate = await ndaGate(tx, room, viewer);
  if (gate.required && gate.status !== 'signed') return { forms: [] };
  const rows = await tx
    .select()
    .from(outsideForms)
    .where(
      and(
        roomFormsCondition(tx, room),
        eq(outsideForms.accountId, room.accountId),
        eq(outsideForms.state, 'new'),
        isNull(outsideForms.cancelledAt),
        ne(outsideForms.type, 'persistent_instance'),
      ),
    )
    .orderBy(asc(outsideForms.createdAt), asc(outsideForms.id));
  // A form sent to one person is theirs: other visitors of the room do not get its link. A form of the
  // room's workflow that was not shared into the room reaches a visitor only when it was sent to them: a
  // workflow-wide form (every investor's answers) is not for every visitor of the room.
  const email = viewer.kind === 'admin' ? null : normalizeEmail(viewer.visitor.email ?? '');
  const sentToViewer = (form: (typeof rows)[number]) =>
    form.assignedEmail !== null &&
    email !== null &&
    email !== '' &&
    normalizeEmail(form.assignedEmail) === email;
  const mine = rows.filter(
    (form) =>
      viewer.kind === 'admin' || sentToViewer(form) || (form.roomId === room.id && !form.assignedEmail),
  );
  if (mine.length === 0) return { forms: [] };
  const secret = await linkSecret(ctx, tx);
  return {
    forms: mine.map((form) => {
      const formCode = deriveCode(secret, 'form', form.id, form.codeGeneration);
      return {
        id: form.id,
        name: form.name,
        description: form.description,
        path:
          form.type === 'persistent'
            ? `/api/redirect/form/${formCode}`
            : `/data-room/${code}/outside-form/${formCode}`,
      };
    }),
  };
}
