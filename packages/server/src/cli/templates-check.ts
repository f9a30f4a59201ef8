/** `npm run templates:check`: validates the whole template library; exits 1 on any problem. */
import path from 'node:path';
import { countOf } from '@charter/domain';
import { LIBRARY_DIR, loadLibrary } from '../modules/templates/load-library.ts';

const dir = process.argv[2] ? path.resolve(process.argv[2]) : LIBRARY_DIR;
const { templates, bodies, problems } = loadLibrary(dir);
for (const problem of problems) console.error(`✗ ${problem}`);
const questions = templates.flatMap((t) => t.transactions).reduce((n, t) => n + t.questions.length, 0);
console.log(
  `${countOf(templates.length, 'project template')}, ${countOf(bodies.size, 'document body', 'document bodies')}, ${countOf(questions, 'question')}: ${countOf(problems.length, 'problem')}`,
);
process.exitCode = problems.length > 0 ? 1 : 0;
