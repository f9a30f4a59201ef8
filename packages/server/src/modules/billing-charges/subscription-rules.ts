/** A plan slug's tier: `starter_annual` -> starter, `advanced_monthly` -> advanced, `premium` -> premium. */
const tierOf = (slug: string) => slug.toLowerCase().split(/[_-]/)[0];

/**
 * Whether the active plans meet a template's prerequisites.subscriptions (any one of them). A prerequisite
 * names a tier or a plan slug; "advanced counts as starter" (spec 1 §6), and premium, above both, counts as
 * either.
 */
export function meetsSubscriptions(required: readonly string[], activePlans: readonly string[]): boolean {
  if (required.length === 0) return true;
  const held = new Set(activePlans.flatMap((slug) => [slug.toLowerCase(), tierOf(slug)]));
  if (held.has('advanced') || held.has('premium')) held.add('starter');
  if (held.has('premium')) held.add('advanced');
  return required.some((r) => held.has(r.toLowerCase()) || held.has(tierOf(r)));
}
