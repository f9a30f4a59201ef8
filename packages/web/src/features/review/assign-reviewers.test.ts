import { describe, expect, it } from 'vitest';
import { canAssignReviewers } from './assign-reviewers-modal.tsx';

describe('canAssignReviewers (spec 2 §4)', () => {
  const group = (open: boolean, redline: boolean) => ({ open, template: { redline_available: redline } });
  it('needs reviewers enabled, an open task and a project of several tasks', () => {
    expect(canAssignReviewers(group(true, true), 3)).toBe(true);
    expect(canAssignReviewers(group(true, true), 1)).toBe(false);
    expect(canAssignReviewers(group(false, true), 3)).toBe(false);
    expect(canAssignReviewers(group(true, false), 3)).toBe(false);
  });
});
