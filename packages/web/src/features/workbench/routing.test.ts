import { describe, expect, it } from 'vitest';
import {
  currentTransaction,
  navigationModuleId,
  pathAfterDeletion,
  stepFor,
  workbenchPath,
} from './routing.ts';

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

  it('leaves a deleted group for the group left open, or the workflows page after the last one', () => {
    const group = (id: number, position: number, open: boolean) => ({
      id,
      position,
      open,
      validated_questionnaire: false,
    });
    const groups = [group(1, 0, false), group(2, 1, true), group(3, 2, true)];
    expect(pathAfterDeletion(7, 2, 3, groups, 2, false)).toBe('/c/7/workbench/2/3/3/task-view');
    expect(pathAfterDeletion(7, 2, 3, [group(1, 0, false), group(2, 1, true)], 2, false)).toBe(
      '/c/7/workbench/2/3/1/overview',
    );
    expect(pathAfterDeletion(7, 2, 3, [group(2, 0, true)], 2, false)).toBe('/c/7/workflows');
  });
});
