import { describe, expect, it } from 'vitest';
import { currentTransaction, navigationModuleId, stepFor, workbenchPath } from './routing.ts';

describe('workbench routing', () => {
  it('builds the spec path with the default module', () => {
    expect(workbenchPath(7, 0, 3, 9, 'task-view')).toBe('/c/7/workbench/2/3/9/task-view');
    expect(workbenchPath(7, 4, 3, 9, 'overview')).toBe('/c/7/workbench/4/3/9/overview');
  });

  it('treats modules 2 to 9 as 1 in navigation', () => {
    expect([1, 2, 5, 9, 10].map(navigationModuleId)).toEqual([1, 1, 1, 1, 10]);
  });

  it('routes assessments, ordinary groups and other groups as the spec says', () => {
    const open = { id: 1, open: true, validated_questionnaire: false };
    const validated = { ...open, validated_questionnaire: true };
    const closed = { ...open, open: false };
    expect(stepFor(closed, { isAssessment: true })).toBe('overview');
    expect(stepFor(open, { isAssessment: true })).toBe('task-view');
    expect(stepFor(open, { isAssessment: false })).toBe('task-view');
    expect(stepFor(validated, { isAssessment: false })).toBe('overview');
    expect(stepFor(closed, { isAssessment: false })).toBe('overview');
    expect(stepFor(open, { isAssessment: false, currentTransactionId: 2 })).toBe('portal-task');
  });

  it('opens a project on its first open group', () => {
    expect(
      currentTransaction([
        { id: 1, open: false },
        { id: 2, open: true },
      ])?.id,
    ).toBe(2);
    expect(currentTransaction([{ id: 1, open: false }])?.id).toBe(1);
  });
});
