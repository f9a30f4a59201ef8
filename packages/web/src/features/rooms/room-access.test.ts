import { describe, expect, it } from 'vitest';
import { accessChange, accessMode } from './room-access.ts';

describe('room access modes (spec 3 §4)', () => {
  it('reads Private, Open, Sign-in Required and Invite Only from the flags', () => {
    expect(accessMode({ open: false, require_auth: true, strict: false })).toBe('private');
    expect(accessMode({ open: true, require_auth: false, strict: false })).toBe('open');
    expect(accessMode({ open: true, require_auth: true, strict: false })).toBe('signIn');
    expect(accessMode({ open: true, require_auth: false, strict: true })).toBe('inviteOnly');
  });

  it('sends init_room when a closed room is opened again, and sign-in only with open', () => {
    expect(accessChange({ open: false }, 'open')).toEqual({
      open: true,
      require_auth: false,
      init_room: true,
    });
    expect(accessChange({ open: true }, 'signIn')).toEqual({ open: true, require_auth: true });
    expect(accessChange({ open: true }, 'private')).toEqual({ open: false });
  });
});
