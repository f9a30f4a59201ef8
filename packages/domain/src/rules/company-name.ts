export type EntityType = 'corporation' | 'llc' | 'lp';

export const COMPANY_NAME_REQUIRED = 'Company must be named.';
export const SUFFIX_REQUIRED = 'Select a suffix';
/**
 * A suffix of another entity type ('Acme, Inc.' for an LLC). The spec gives 'Select different suffix' and
 * this; this one says why the suffix is refused.
 */
export const SUFFIX_WRONG = 'Please select a Company suffix of your Entity Type.';

export const COMPANY_SUFFIXES: Record<EntityType, readonly string[]> = {
  corporation: ['Inc.', 'Incorporated', 'Co.', 'Company', 'Corp.', 'Corporation'],
  llc: ['LLC'],
  lp: ['LP', 'L.P.'],
};

export const ENTITY_TYPE_LABELS: Record<EntityType, string> = {
  corporation: 'Corporation',
  llc: 'LLC',
  lp: 'LP',
};

/**
 * The suffixes a name may end with: those of its entity type when it has one (a corporation is offered
 * Inc., Corp. … and never LLC), else every type's, grouped by type for a picker.
 */
export function suffixChoices(entityType?: EntityType | null): { group: string; items: string[] }[] {
  const types = entityType ? [entityType] : (Object.keys(COMPANY_SUFFIXES) as EntityType[]);
  return types.map((type) => ({ group: ENTITY_TYPE_LABELS[type], items: [...COMPANY_SUFFIXES[type]] }));
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Each suffix follows the base after a comma or a space ('Acme, Inc.', 'Acme Inc.'); matched in any case.
// Longest first, so 'Corporation' is tried before shorter suffixes.
const SUFFIX_PATTERNS = Object.entries(COMPANY_SUFFIXES)
  .flatMap(([type, list]) => list.map((suffix) => ({ type: type as EntityType, suffix })))
  .sort((a, b) => b.suffix.length - a.suffix.length)
  .map(({ type, suffix }) => ({
    type,
    suffix,
    pattern: new RegExp(`^(.*?)(?:,\\s*|\\s+)${escapeRegExp(suffix)}$`, 'i'),
  }));

/** Splits 'Acme, Inc.' into { base: 'Acme', suffix: 'Inc.', entityType: 'corporation' }. */
export function splitCompanySuffix(name: string): {
  base: string;
  suffix: string | null;
  entityType: EntityType | null;
} {
  const trimmed = name.trim();
  for (const { type, suffix, pattern } of SUFFIX_PATTERNS) {
    const match = pattern.exec(trimmed);
    if (match?.[1]?.trim()) return { base: match[1].trim(), suffix, entityType: type };
  }
  return { base: trimmed, suffix: null, entityType: null };
}

/**
 * A company name needs a suffix of its entity type unless the entity is already formed or a Series
 * (spec 1 §5). Without an entity type any allowed suffix will do.
 */
export function validateCompanyName(
  name: string,
  options: { entityType?: EntityType; alreadyFormed?: boolean; isSeries?: boolean } = {},
): string | null {
  if (!name.trim()) return COMPANY_NAME_REQUIRED;
  if (options.alreadyFormed || options.isSeries) return null;
  const { suffix, entityType } = splitCompanySuffix(name);
  if (!suffix) return SUFFIX_REQUIRED;
  if (options.entityType && entityType !== options.entityType) return SUFFIX_WRONG;
  return null;
}
