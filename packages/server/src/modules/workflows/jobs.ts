import type { AppContext } from '../../context.ts';
import {
  GENERATE_JOB,
  generateDocument,
  markGenerationFailed,
  reopenGeneration,
} from './generate-document.ts';

export function registerWorkflowJobs(ctx: AppContext) {
  ctx.jobs.register(GENERATE_JOB, (payload) => generateDocument(ctx, payload), {
    onGiveUp: (payload, reason, tx) => markGenerationFailed(ctx, tx, Number(payload.taskId), reason),
    onRetry: async (payload, tx) => void (await reopenGeneration(tx, Number(payload.taskId))),
  });
}
