import { Group, Image, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { useBrand } from '../../app/brand.tsx';

type Props = { companyId: number; compact: boolean };

/** The brand's logo; goes home, except on /c/0 where no workspace is chosen and it is disabled. */
export function BrandLogo({ companyId, compact }: Props) {
  const brand = useBrand();
  const name = brand.displayName;
  const src = compact ? brand.assets.thumbnail || brand.logoUrl : brand.logoUrl;
  const mark = src ? (
    <Image src={src} alt={name} h={32} w="auto" fit="contain" />
  ) : (
    <Group gap="xs" wrap="nowrap">
      <Text fw={800} fz="xl" c="var(--mantine-primary-color-filled)">
        {compact ? name.charAt(0) : name}
      </Text>
    </Group>
  );
  if (companyId === 0) {
    return (
      <UnstyledButton disabled aria-disabled aria-label={`${name} home`} style={{ cursor: 'default' }}>
        {mark}
      </UnstyledButton>
    );
  }
  return (
    <UnstyledButton component={Link} to={`/c/${companyId}/home`} aria-label={`${name} home`}>
      {mark}
    </UnstyledButton>
  );
}
