import type { PublicStandingForm } from '@charter/domain';
import type { Tx } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import type { MailBrand } from '../brand/mail-brand.ts';
import { FORM_NOT_FOUND, formByCode } from './scope.ts';

/**
 * GET /api/public/standing_form/{code}: the name and description of a standing form, for the page its
 * link leads to (a read: opening the link makes nothing). Another kind of form's code opens nothing here.
 */
export async function getStandingForm({
  tx,
  code,
  brand,
}: {
  tx: Tx;
  code: string;
  brand: MailBrand;
}): Promise<PublicStandingForm> {
  const form = await formByCode(tx, code);
  if (form.type !== 'persistent') throw notFound(FORM_NOT_FOUND);
  return { name: form.name, description: form.description, brand: { name: brand.name } };
}
