import type { PartnerBrandBody, PartnerBrandView } from '@charter/domain';
import { Button, Group, Loader, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useEffect } from 'react';
import { ApiError, errorMessage } from '../../api/client.ts';
import { useNotices } from '../../app/notices.tsx';
import { usePartnerBrand, useSavePartnerBrand } from './queries.ts';
import { useFields } from './use-fields.ts';

type Values = {
  hostname: string;
  display_name: string;
  legal_name: string;
  logo_url: string;
  support_email: string;
  web_base_url: string;
  title: string;
  partner_slug: string;
  stripe_domain: string;
  tos_label: string;
  tos_link: string;
};

const EMPTY: Values = {
  hostname: '',
  display_name: '',
  legal_name: '',
  logo_url: '',
  support_email: '',
  web_base_url: '',
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
    hostname: brand.hostname,
    display_name: brand.display_name,
    legal_name: brand.legal_name,
    logo_url: brand.logo_url ?? '',
    support_email: brand.support_email ?? '',
    web_base_url: brand.web_base_url,
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
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const v = form.values;
    const body: PartnerBrandBody = {
      hostname: v.hostname,
      display_name: v.display_name,
      legal_name: v.legal_name,
      logo_url: v.logo_url || null,
      support_email: v.support_email || null,
      web_base_url: v.web_base_url,
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
        {!current && (
          <Text fz="sm" c="dimmed">
            Your team has no brand yet. Saving creates it; it answers on its hostname.
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {field('hostname', 'Hostname', { required: true, description: 'e.g. app.yourfirm.com' })}
          {field('web_base_url', 'Web address', { required: true, description: 'https://app.yourfirm.com' })}
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
