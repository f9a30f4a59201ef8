import { Group, Image, Text, ThemeIcon } from '@mantine/core';
import { IconScale } from '@tabler/icons-react';
import { useBrand } from '../app/brand-value.ts';

/** The brand's logo, else its name beside a scale icon: the head of sign-in and visitor pages. */
export function BrandMark() {
  const { logoUrl, displayName } = useBrand();
  if (logoUrl) return <Image src={logoUrl} alt={displayName} h={40} w="auto" fit="contain" />;
  return (
    <Group gap="xs" aria-label={displayName}>
      <ThemeIcon size={36} radius="md" variant="gradient" gradient={{ from: 'indigo', to: 'cyan', deg: 135 }}>
        <IconScale size={22} aria-hidden />
      </ThemeIcon>
      <Text fw={700} size="xl" aria-hidden>
        {displayName}
      </Text>
    </Group>
  );
}
