import fs from 'node:fs';
import path from 'node:path';
import { markdownToPdf } from '../packages/server/src/adapters/pdf/markdown-pdf.ts';
import { type BodyData, renderBody } from '../packages/server/src/modules/documents/render-body.ts';

const BODY = path.resolve(
  import.meta.dirname,
  '../packages/server/templates/entity/founder-stock-purchase.md',
);
const NAMES = ['Antonín Dvořák', '王小明', 'Zoë Ångström', 'Łukasz Żółć'];

export type PdfTiming = { documents: number; msPerDocument: number; kilobytes: number };

/**
 * Generates a library document for founders named in several scripts (so the CJK font is embedded too)
 * `count` times in this process, after one warm-up that loads the fonts.
 */
export async function timePdfGeneration(count = 50): Promise<PdfTiming> {
  const data: BodyData = {
    values: {
      company_name: { type: 'company_name', value: 'Acme Robotics, Inc.' },
      formation_date: { type: 'date', value: '01/05/2026' },
      par_value: { type: 'float_currency', value: '$0.00001' },
      vesting_months: { type: 'integer', value: '48' },
    },
    lists: {
      founders: NAMES.map((name, i) => ({
        name: { type: 'person_name', value: name },
        email: { type: 'email', value: `founder${i}@example.test` },
        shares: { type: 'integer', value: '2500000' },
      })),
    },
  };
  const markdown = renderBody(fs.readFileSync(BODY, 'utf8'), data);
  const { bytes: first } = await markdownToPdf(markdown, { title: 'Bench' });
  const start = performance.now();
  for (let i = 0; i < count; i++) await markdownToPdf(markdown, { title: 'Bench' });
  const msPerDocument = Number(((performance.now() - start) / count).toFixed(1));
  return { documents: count, msPerDocument, kilobytes: Math.round(first.length / 1024) };
}
