import type { StaffBrandView } from '@charter/domain';
import { Badge, Button, Table } from '@mantine/core';
import { useState } from 'react';
import { type FieldSpec, type FormValues, parseJsonField, RecordForm } from '../record-form.tsx';
import { useSaveBrand, useStaffBrands } from '../staff-api.ts';
import { ErrorAlert, PageHeader } from '../staff-ui.tsx';

const FIELDS: FieldSpec[] = [
  {
    name: 'hostname',
    label: 'Hostname',
    required: true,
    description: 'The brand answers requests to this host.',
  },
  { name: 'display_name', label: 'Display name', required: true },
  { name: 'legal_name', label: 'Legal name', required: true },
  { name: 'support_email', label: 'Support email' },
  { name: 'logo_url', label: 'Logo URL' },
  {
    name: 'web_base_url',
    label: 'Web address',
    required: true,
    description: 'https://… where its links point',
  },
  {
    name: 'assets',
    label: 'Assets (JSON)',
    kind: 'json',
    description: 'title, tos_label, tos_link, partner_slug…',
  },
];

const valuesOf = (brand: StaffBrandView | null): FormValues => ({
  hostname: brand?.hostname ?? '',
  display_name: brand?.display_name ?? '',
  legal_name: brand?.legal_name ?? '',
  support_email: brand?.support_email ?? '',
  logo_url: brand?.logo_url ?? '',
  web_base_url: brand?.web_base_url ?? 'https://',
  assets: brand ? JSON.stringify(brand.assets, null, 2) : '{}',
});

export function BrandsPage() {
  const brands = useStaffBrands();
  const save = useSaveBrand();
  const [editing, setEditing] = useState<StaffBrandView | 'new' | null>(null);
  const current = editing === 'new' ? null : editing;
  return (
    <>
      <PageHeader title="Brands">
        <Button onClick={() => setEditing('new')}>New brand</Button>
      </PageHeader>
      <ErrorAlert error={brands.error} />
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Hostname</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Support email</Table.Th>
            <Table.Th>Web address</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {brands.data?.map((brand) => (
            <Table.Tr key={brand.id}>
              <Table.Td>
                {brand.hostname} {brand.is_default ? <Badge size="sm">Default</Badge> : null}
              </Table.Td>
              <Table.Td>{brand.display_name}</Table.Td>
              <Table.Td>{brand.support_email ?? ''}</Table.Td>
              <Table.Td>{brand.web_base_url}</Table.Td>
              <Table.Td ta="right">
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => setEditing(brand)}
                  aria-label={`Edit ${brand.hostname}`}
                >
                  Edit
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {editing ? (
        <RecordForm
          title={current ? `Edit ${current.hostname}` : 'New brand'}
          fields={FIELDS}
          initial={valuesOf(current)}
          onClose={() => setEditing(null)}
          onSubmit={(values) =>
            save.mutateAsync({
              id: current?.id ?? null,
              body: {
                hostname: String(values.hostname),
                display_name: String(values.display_name),
                legal_name: String(values.legal_name),
                support_email: String(values.support_email),
                logo_url: String(values.logo_url),
                web_base_url: String(values.web_base_url),
                assets: parseJsonField('assets', String(values.assets)),
              },
            })
          }
        />
      ) : null}
    </>
  );
}
