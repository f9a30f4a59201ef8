import type { AppContext } from '../../context.ts';
import { generateDocument } from './generate-document.ts';
import { GENERATE_JOB } from './submit-transaction.ts';

export function registerWorkflowJobs(ctx: AppContext) {
  ctx.jobs.register(GENERATE_JOB, (payload, attempt) => generateDocument(ctx, payload, attempt));
}
