import { US_STATES } from '../rules/address.ts';

/**
 * Per-state fee tables a task's fee can read its amount from (spec 2 §3 Fee.dynamic_table): the state is
 * the answer of the fee's feature_type_id question. Amounts are integer cents.
 *
 * The spec gives LLC Delaware 90, California 75 and Foreign LLC Texas 750, and the annual Delaware company
 * fee 450; every other amount is the state's public filing fee as we know it (formation of a domestic LLC,
 * registration of a foreign LLC or corporation), rounded to whole dollars and NOT reviewed by counsel:
 * sample data, like the template library, to be checked against each Secretary of State before real use.
 */
export const STATE_FEE_TABLES = ['llc', 'foreign_llc', 'foreign_corp', 'annual_company'] as const;
export type StateFeeTable = (typeof STATE_FEE_TABLES)[number];

/** Dollars by state code, in the order of [llc, foreign_llc, foreign_corp]. */
const FILING_DOLLARS: Record<string, [number, number, number]> = {
  AL: [200, 150, 150],
  AK: [250, 350, 350],
  AZ: [50, 150, 150],
  AR: [45, 300, 300],
  CA: [75, 70, 100],
  CO: [50, 100, 100],
  CT: [120, 120, 435],
  DE: [90, 200, 245],
  DC: [99, 99, 220],
  FL: [125, 125, 70],
  GA: [100, 225, 225],
  HI: [50, 50, 50],
  ID: [100, 100, 100],
  IL: [150, 150, 175],
  IN: [95, 125, 125],
  IA: [50, 100, 100],
  KS: [160, 165, 115],
  KY: [40, 90, 90],
  LA: [100, 150, 150],
  ME: [175, 250, 250],
  MD: [100, 100, 100],
  MA: [500, 500, 400],
  MI: [50, 50, 60],
  MN: [155, 185, 200],
  MS: [50, 250, 250],
  MO: [50, 105, 155],
  MT: [35, 35, 70],
  NE: [100, 100, 130],
  NV: [75, 75, 75],
  NH: [100, 100, 100],
  NJ: [125, 125, 125],
  NM: [50, 50, 100],
  NY: [200, 250, 225],
  NC: [125, 250, 250],
  ND: [135, 135, 135],
  OH: [99, 99, 99],
  OK: [100, 300, 300],
  OR: [100, 275, 275],
  PA: [125, 250, 250],
  RI: [150, 150, 135],
  SC: [110, 110, 135],
  SD: [150, 750, 750],
  TN: [300, 300, 600],
  TX: [300, 750, 750],
  UT: [59, 59, 59],
  VT: [125, 125, 125],
  VA: [100, 100, 100],
  WA: [200, 200, 180],
  WV: [100, 150, 100],
  WI: [130, 100, 100],
  WY: [100, 150, 150],
};

const column = (index: 0 | 1 | 2) =>
  Object.fromEntries(Object.entries(FILING_DOLLARS).map(([code, row]) => [code, row[index] * 100]));

/** Cents by state code; a state missing from a table has no fee there (the fee's comment says why). */
export const STATE_FEES: Record<StateFeeTable, Readonly<Record<string, number>>> = {
  llc: column(0),
  foreign_llc: column(1),
  foreign_corp: column(2),
  // Spec 2 §9: "Annual company fee 450 for Delaware; other states: additional state fees will be contacted."
  annual_company: { DE: 450_00 },
};

const STATE_CODES = new Map(
  US_STATES.flatMap(({ name, code }) => [
    [name.toLowerCase(), code],
    [code.toLowerCase(), code],
  ]),
);

/** A state's code from an answer ('Delaware', 'delaware', 'DE'), or null. */
export const stateCodeOf = (answer: string | null | undefined): string | null =>
  answer ? (STATE_CODES.get(answer.trim().toLowerCase()) ?? null) : null;

/** The amount in cents of a table for a state answer, or null when the table has no amount for it. */
export function stateFeeCents(table: StateFeeTable, stateAnswer: string | null | undefined): number | null {
  const code = stateCodeOf(stateAnswer);
  return code ? (STATE_FEES[table][code] ?? null) : null;
}
