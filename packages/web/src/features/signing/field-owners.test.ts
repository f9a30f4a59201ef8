import { describe, expect, it } from 'vitest';
import {
  fieldRoles,
  ownerColor,
  ownerFromValue,
  ownerLabel,
  ownerOptions,
  ownerValue,
  UNASSIGNED_COLOR,
} from './field-owners.ts';

const recipient = (id: number, name: string, role: string, party: string | null = null) => ({
  id,
  metadata: { name, role },
  party,
});
const ada = recipient(1, 'Ada', 'Signer', 'Buyer');
const bob = recipient(2, 'Bob', 'Viewer');
const cy = recipient(3, 'Cy', 'Approver');
const recipients = [ada, bob, cy];

describe('who a field is for', () => {
  it('names the recipient, or the role of a text tag until a signer holds it', () => {
    expect(ownerLabel(recipients, { recipient_id: 3, role: '' })).toBe('Cy');
    expect(ownerLabel(recipients, { recipient_id: null, role: 'Seller' })).toBe('for role Seller');
    expect(ownerLabel(recipients, { recipient_id: null, role: 'Buyer' })).toBe('for role Buyer: Ada');
    expect(ownerLabel(recipients, { recipient_id: 9, role: '' })).toBe('a removed recipient');
  });

  it('colours fields by signer, and a role nobody holds in grey', () => {
    expect(ownerColor(recipients, { recipient_id: 1, role: '' })).toBe('blue');
    // Viewers get no fields, so the approver is the second colour.
    expect(ownerColor(recipients, { recipient_id: 3, role: '' })).toBe('grape');
    expect(ownerColor(recipients, { recipient_id: null, role: 'Buyer' })).toBe('blue');
    expect(ownerColor(recipients, { recipient_id: null, role: 'Seller' })).toBe(UNASSIGNED_COLOR);
  });

  it('offers signers and approvers, then the roles of fields given to nobody yet', () => {
    const fields = [
      { recipient_id: null, role: 'Seller' },
      { recipient_id: null, role: 'Buyer' },
      { recipient_id: 1, role: 'Buyer' },
    ];
    expect(ownerOptions(recipients, fields)).toEqual([
      { value: 'r:1', label: 'Ada (Buyer)' },
      { value: 'r:3', label: 'Cy' },
      { value: 'role:Buyer', label: 'Role Buyer (Ada at send)' },
      { value: 'role:Seller', label: 'Role Seller (nobody yet)' },
    ]);
    expect(fieldRoles(fields)).toEqual(['Buyer', 'Seller']);
  });

  it('reads a choice back as a recipient (with its party as the role) or a role', () => {
    expect(ownerFromValue(recipients, 'r:1')).toEqual({ recipient_id: 1, role: 'Buyer' });
    expect(ownerFromValue(recipients, 'r:3')).toEqual({ recipient_id: 3, role: '' });
    expect(ownerFromValue(recipients, 'role:Seller')).toEqual({ recipient_id: null, role: 'Seller' });
    expect(ownerFromValue(recipients, 'r:42')).toBeNull();
    expect(ownerValue({ recipient_id: null, role: 'Seller' })).toBe('role:Seller');
    expect(ownerValue({ recipient_id: 3, role: '' })).toBe('r:3');
  });
});
