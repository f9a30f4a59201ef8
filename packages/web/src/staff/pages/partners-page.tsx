import { PARTNER_ROLE, type StaffPartnerView } from '@charter/domain';
import { Button, Group, Table } from '@mantine/core';
import { useState } from 'react';
import { type FieldSpec, type FormValues, RecordForm } from '../record-form.tsx';
import { useAddPartnerMember, useSavePartner, useStaffBrands, useStaffPartners } from '../staff-api.ts';
import { ErrorAlert, PageHeader } from '../staff-ui.tsx';

const fieldsWith = (brands: { id: number; hostname: string }[]): FieldSpec[] => [
  { name: 'name', label: 'Name', required: true },
  { name: 'slug', label: 'Slug', required: true, description: 'Lowercase letters, digits and dashes' },
  { name: 'code', label: 'Connect code', description: 'Generated when left empty' },
  {
    name: 'brand_id',
    label: 'Brand',
    kind: 'select',
    description: 'The partner’s own brand (see Brands), or none',
    options: brands.map((brand) => ({ value: String(brand.id), label: brand.hostname })),
  },
  { name: 'stripe_domain', label: 'Stripe domain' },
  { name: 'covers_credits', label: 'Covers credits', kind: 'checkbox' },
  { name: 'covers_fees', label: 'Covers fees', kind: 'checkbox' },
  { name: 'excludes_fees', label: 'Excludes fees', kind: 'checkbox' },
];

const MEMBER_FIELDS: FieldSpec[] = [
  { name: 'email', label: 'Email of an existing user', required: true },
  { name: 'admin', label: 'Partner admin', kind: 'checkbox' },
];

const valuesOf = (partner: StaffPartnerView | null): FormValues => ({
  name: partner?.name ?? '',
  slug: partner?.slug ?? '',
  code: partner?.code ?? '',
  brand_id: partner?.brand_id ? String(partner.brand_id) : '',
  stripe_domain: partner?.stripe_domain ?? '',
  covers_credits: partner?.covers_credits ?? false,
  covers_fees: partner?.covers_fees ?? false,
  excludes_fees: partner?.excludes_fees ?? false,
});

export function PartnersPage() {
  const partners = useStaffPartners();
  const brands = useStaffBrands();
  const save = useSavePartner();
  const addMember = useAddPartnerMember();
  const [editing, setEditing] = useState<StaffPartnerView | 'new' | null>(null);
  const [seating, setSeating] = useState<StaffPartnerView | null>(null);
  const current = editing === 'new' ? null : editing;
  const brandName = (id: number | null) =>
    brands.data?.find((b) => b.id === id)?.hostname ?? (id ? `#${id}` : '');
  return (
    <>
      <PageHeader title="Partners">
        <Button onClick={() => setEditing('new')}>New partner</Button>
      </PageHeader>
      <ErrorAlert error={partners.error} />
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Slug</Table.Th>
            <Table.Th>Code</Table.Th>
            <Table.Th>Brand</Table.Th>
            <Table.Th>Team</Table.Th>
            <Table.Th>Clients</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {partners.data?.map((partner) => (
            <Table.Tr key={partner.id}>
              <Table.Td>{partner.name}</Table.Td>
              <Table.Td>{partner.slug}</Table.Td>
              <Table.Td>{partner.code}</Table.Td>
              <Table.Td>{partner.brand_hostname ?? brandName(partner.brand_id)}</Table.Td>
              <Table.Td>{partner.member_count}</Table.Td>
              <Table.Td>{partner.account_count}</Table.Td>
              <Table.Td>
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  <Button size="xs" variant="light" onClick={() => setEditing(partner)}>
                    Edit
                  </Button>
                  <Button size="xs" variant="light" onClick={() => setSeating(partner)}>
                    Add member
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {editing ? (
        <RecordForm
          title={current ? `Edit ${current.name}` : 'New partner'}
          fields={fieldsWith(brands.data ?? [])}
          initial={valuesOf(current)}
          onClose={() => setEditing(null)}
          onSubmit={(values) =>
            save.mutateAsync({
              id: current?.id ?? null,
              body: {
                name: String(values.name),
                slug: String(values.slug),
                code: String(values.code) || null,
                brand_id: /^\d+$/.test(String(values.brand_id)) ? Number(values.brand_id) : null,
                stripe_domain: String(values.stripe_domain) || null,
                covers_credits: Boolean(values.covers_credits),
                covers_fees: Boolean(values.covers_fees),
                excludes_fees: Boolean(values.excludes_fees),
              },
            })
          }
        />
      ) : null}
      {seating ? (
        <RecordForm
          title={`Add a member to ${seating.name}`}
          fields={MEMBER_FIELDS}
          initial={{ email: '', admin: true }}
          onClose={() => setSeating(null)}
          onSubmit={(values) =>
            addMember.mutateAsync({
              id: seating.id,
              body: {
                email: String(values.email),
                role_id: values.admin ? PARTNER_ROLE.ADMIN : PARTNER_ROLE.MEMBER,
              },
            })
          }
        />
      ) : null}
    </>
  );
}
