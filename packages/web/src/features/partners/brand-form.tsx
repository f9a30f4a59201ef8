import { PARTNER_BRAND_NOT_SET_UP, type PartnerBrandBody, type PartnerBrandView } from '@charter/domain';
import { Button, Group, Loader, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useEffect } from 'react';
import { ApiError, errorMessage } from '../../api/client.ts';
import { useNotices } from '../../app/notices.tsx';
import { usePartnerBrand, useSavePartnerBrand } from './queries.ts';
import { useFields } from './use-fields.ts';

type Values = {
  display_name: string;
  legal_name: string;
  logo_url: string;
  support_email: string;
  title: string;
  partner_slug: string;
  stripe_domain: string;
  tos_label: string;
  tos_link: string;
};

const EMPTY: Values = {
  display_name: '',
  legal_name: '',
  logo_url: '',
  support_email: '',
  title: '',
  partner_slug: '',
  stripe_domain: '',
  tos_label: '',
  tos_link: '',
};

function valuesOf(view: PartnerBrandView | undefined): Values {
  const brand = view?.brand;
  if (!brand) return EMPTY;
  return {
    display_name: brand.display_name,
    legal_name: brand.legal_name,
    logo_url: brand.logo_url ?? '',
    support_email: brand.support_email ?? '',
    title: brand.assets.title ?? '',
    partner_slug: brand.assets.partner_slug ?? '',
    stripe_domain: brand.assets.stripe_domain ?? '',
    tos_label: brand.assets.tos_label ?? '',
    tos_link: brand.assets.tos_link ?? '',
  };
}

/** The partner's brand (its hostname answers with it): kept by the team's admins. */
export function BrandForm({ partnerId }: { partnerId: number }) {
  const brand = usePartnerBrand(partnerId);
  const save = useSavePartnerBrand(partnerId);
  const { push } = useNotices();
  const form = useFields<Values>(EMPTY);
  const { reset } = form;

  useEffect(() => {
    if (brand.data) reset(valuesOf(brand.data));
  }, [brand.data, reset]);

  if (brand.isPending) return <Loader size="sm" aria-label="Loading brand" />;
  const current = brand.data?.brand ?? null;
  // Its hostname and web address (where emailed links point) are connected by staff.
  if (!current)
    return (
      <Text fz="sm" c="dimmed">
        {PARTNER_BRAND_NOT_SET_UP}
      </Text>
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const v = form.values;
    const body: PartnerBrandBody = {
      display_name: v.display_name,
      legal_name: v.legal_name,
      logo_url: v.logo_url || null,
      support_email: v.support_email || null,
      assets: {
        ...current?.assets,
        title: v.title || null,
        partner_slug: v.partner_slug || null,
        stripe_domain: v.stripe_domain || null,
        tos_label: v.tos_label || null,
        tos_link: v.tos_link || null,
      },
    };
    save.mutate(body, {
      onSuccess: () => push({ type: 'success', message: 'Brand saved.' }),
      onError: (error) => {
        if (error instanceof ApiError && Object.keys(error.fields).length > 0) form.setErrors(error.fields);
        else push({ type: 'error', message: errorMessage(error, 'The brand could not be saved.') });
      },
    });
  };
  const field = (
    name: keyof Values,
    label: string,
    extra: { description?: string; required?: boolean } = {},
  ) => <TextInput label={label} {...extra} {...form.input(name)} />;
  return (
    <form onSubmit={submit} noValidate aria-label="Partner brand">
      <Stack>
        <Text fz="sm" c="dimmed">
          Answers on {current.hostname}; emailed links open {current.web_base_url}. Support changes these.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {field('display_name', 'Display name', { required: true })}
          {field('legal_name', 'Legal name', { required: true })}
          {field('logo_url', 'Logo URL')}
          {field('support_email', 'Support email')}
          {field('title', 'Page title')}
          {field('partner_slug', 'Partner slug')}
          {field('stripe_domain', 'Plan catalogue domain (stripe_domain)')}
          {field('tos_label', 'Terms label')}
          {field('tos_link', 'Terms link')}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save Brand
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
