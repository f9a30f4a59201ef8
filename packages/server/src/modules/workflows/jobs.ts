import type { AppContext } from '../../context.ts';
import { GENERATE_JOB, generateDocument } from './generate-document.ts';

export function registerWorkflowJobs(ctx: AppContext) {
  ctx.jobs.register(GENERATE_JOB, (payload, attempt) => generateDocument(ctx, payload, attempt));
}
