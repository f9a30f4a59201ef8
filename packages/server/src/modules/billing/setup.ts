import { DEFAULT_STRIPE_DOMAIN, type PlanCatalogueName, planCatalogueFor } from '@charter/domain';
import type { Tx } from '../../db/client.ts';
import { billingBrands, findCustomer, partnerStripeDomain } from './scope.ts';

/** What the workspace's brand decides for billing: the plan catalogue, and the billing domain of new customers. */
export type BillingSetup = { catalogue: PlanCatalogueName; stripeDomain: string };

/**
 * The catalogue by the brand's base domain (spec 1 §1); the billing domain (spec 1 §3 stripe_domain) is the
 * customer's once it exists, else the brand's, else a connected partner's, else the default. The web's
 * v3 `stripe_domain` is never trusted to pick another partner's provider account.
 */
export async function billingSetup(tx: Tx, accountId: number): Promise<BillingSetup> {
  const { brand, defaultBrand } = await billingBrands(tx, accountId);
  const catalogue = catalogueOf(brand, defaultBrand);
  const customer = await findCustomer(tx, accountId);
  // The default brand stands in for a workspace without a brand of its own: its domain comes last.
  const ownBrand = brand && !brand.isDefault ? brand : null;
  const stripeDomain =
    customer?.stripeDomain ??
    ownBrand?.assets.stripe_domain ??
    (await partnerStripeDomain(tx, accountId)) ??
    defaultBrand?.assets.stripe_domain ??
    DEFAULT_STRIPE_DOMAIN;
  return { catalogue, stripeDomain };
}

type BillingBrands = Awaited<ReturnType<typeof billingBrands>>;

const catalogueOf = (brand: BillingBrands['brand'], defaultBrand: BillingBrands['defaultBrand']) =>
  !brand || brand.isDefault || !defaultBrand
    ? 'standard'
    : planCatalogueFor(brand.hostname, defaultBrand.hostname);

/** billingSetup's catalogue alone (one query), for what only shows or picks plans. */
export async function planCatalogue(tx: Tx, accountId: number): Promise<PlanCatalogueName> {
  const { brand, defaultBrand } = await billingBrands(tx, accountId);
  return catalogueOf(brand, defaultBrand);
}
