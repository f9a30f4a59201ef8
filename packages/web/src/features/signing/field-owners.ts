import { type PlacedField, type SigningRecipientView, signsOrApproves } from '@charter/domain';

/** Each signer's fields in a colour of their own, in the order the signers were added. */
export const OWNER_COLORS = ['blue', 'grape', 'orange', 'teal', 'pink', 'cyan', 'lime', 'indigo'] as const;
/** A field for a role nobody holds yet. */
export const UNASSIGNED_COLOR = 'gray';

type Recipient = Pick<SigningRecipientView, 'id' | 'metadata' | 'party'>;
type Field = Pick<PlacedField, 'recipient_id' | 'role'>;

/** Who can be given fields: signers and approvers (viewers and CCs only get the final copy). */
export const fieldRecipients = <R extends Recipient>(recipients: readonly R[]) =>
  recipients.filter((r) => signsOrApproves(r.metadata.role));

/** The recipient a field is for: its own, or (text tags) the signer whose party is its role, at send. */
export function fieldOwner<R extends Recipient>(recipients: readonly R[], field: Field): R | undefined {
  if (field.recipient_id !== null) return recipients.find((r) => r.id === field.recipient_id);
  return field.role ? fieldRecipients(recipients).find((r) => r.party === field.role) : undefined;
}

export function ownerColor(recipients: readonly Recipient[], field: Field): string {
  const owner = fieldOwner(recipients, field);
  const index = owner ? fieldRecipients(recipients).indexOf(owner) : -1;
  return index < 0 ? UNASSIGNED_COLOR : OWNER_COLORS[index % OWNER_COLORS.length];
}

/**
 * Whose a field is, in words: the recipient's name, or 'for role X' for a field from a text tag, which
 * the server gives at send to the signer whose party is X ('for role X: Ada' once there is one).
 */
export function ownerLabel(recipients: readonly Recipient[], field: Field): string {
  const owner = fieldOwner(recipients, field);
  if (field.recipient_id !== null) return owner?.metadata.name ?? 'a removed recipient';
  if (!field.role) return 'nobody yet';
  return owner ? `for role ${field.role}: ${owner.metadata.name}` : `for role ${field.role}`;
}

/** The roles fields are for (text tags, templates), for the add-recipient form's party. */
export const fieldRoles = (fields: readonly Field[]) =>
  [...new Set(fields.map((f) => f.role.trim()).filter(Boolean))].sort((a, b) => a.localeCompare(b));

/** The editor's "fields for" choice: a recipient ('r:12') or a role nobody holds yet ('role:Buyer'). */
export type Owner = { recipient_id: number; role: string } | { recipient_id: null; role: string };

export const ownerValue = (field: Field) =>
  field.recipient_id === null ? `role:${field.role}` : `r:${field.recipient_id}`;

export function ownerFromValue(recipients: readonly Recipient[], value: string): Owner | null {
  if (value.startsWith('role:')) return { recipient_id: null, role: value.slice(5) };
  const recipient = recipients.find((r) => `r:${r.id}` === value);
  return recipient ? { recipient_id: recipient.id, role: recipient.party ?? '' } : null;
}

/** The choices: every signer and approver, then the roles of fields given to nobody yet (text tags). */
export function ownerOptions(recipients: readonly Recipient[], fields: readonly Field[]) {
  const signers = fieldRecipients(recipients);
  const roles = fieldRoles(fields.filter((f) => f.recipient_id === null));
  return [
    ...signers.map((r) => ({
      value: `r:${r.id}`,
      label: r.party ? `${r.metadata.name} (${r.party})` : r.metadata.name,
    })),
    ...roles.map((role) => {
      const holder = signers.find((r) => r.party === role);
      return {
        value: `role:${role}`,
        label: `Role ${role} (${holder ? `${holder.metadata.name} at send` : 'nobody yet'})`,
      };
    }),
  ];
}
