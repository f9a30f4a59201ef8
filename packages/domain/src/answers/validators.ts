/** A template validator (spec 2 §5): a regular expression tested on the JSON of the answers. */
export type TemplateValidator = { type: string; regex?: string; message?: string; resource?: string };

export const FILL_REQUIRED = '- Fill out all required fields before continuing.';
export const VALIDATORS_BROKEN = 'A validation error has occurred, please contact Tech Support';
export const inputRequiredFor = (resource: string) => `- Input required for: ${resource}.`;

export type ValidatorResult = { messages: string[]; exempt: Set<string> };

/**
 * Runs a template's validators on the answers. A validator whose pattern does not match adds
 * '- {message}'; IsNotRequired entries name resources exempt from the empty-list check.
 */
export function evaluateValidators(validators: unknown, answers: unknown): ValidatorResult {
  if (!Array.isArray(validators)) return { messages: [VALIDATORS_BROKEN], exempt: new Set() };
  const json = JSON.stringify(answers ?? {});
  const messages: string[] = [];
  const exempt = new Set<string>();
  for (const entry of validators as TemplateValidator[]) {
    if (entry?.type === 'IsNotRequired') {
      if (entry.resource) exempt.add(entry.resource);
      continue;
    }
    let pattern: RegExp;
    try {
      pattern = new RegExp(entry?.regex ?? '');
    } catch {
      messages.push(VALIDATORS_BROKEN);
      continue;
    }
    if (!pattern.test(json)) messages.push(`- ${entry.message ?? 'Invalid input'}`);
  }
  return { messages, exempt };
}

/** '- Input required for: {resource}.' for each empty resource list that isn't exempt. */
export function emptyResourceMessages(
  lists: Record<string, readonly unknown[]>,
  exempt: Set<string>,
): string[] {
  return Object.entries(lists)
    .filter(([name, items]) => items.length === 0 && !exempt.has(name))
    .map(([name]) => inputRequiredFor(name));
}
