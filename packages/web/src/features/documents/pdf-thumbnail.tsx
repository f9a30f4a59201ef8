import { Box, Image } from '@mantine/core';
import { useInViewport } from '@mantine/hooks';
import { IconFileText } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fetchPreview } from './fetch-file.ts';

/** Spec 2 §9: document thumbnails are 80 wide (a letter page is 11/8.5 as tall). */
export const THUMBNAIL_WIDTH = 80;
const PAGE_RATIO = 11 / 8.5;

/**
 * A file's first page, drawn once it scrolls into view and kept for the session (files never change);
 * a page-shaped icon while it loads or when it cannot be previewed.
 */
export function PdfThumbnail({
  companyId,
  fileId,
  width = THUMBNAIL_WIDTH,
}: {
  companyId: number;
  fileId: number;
  width?: number;
}) {
  const { ref, inViewport } = useInViewport();
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (inViewport) setSeen(true);
  }, [inViewport]);
  const thumbnail = useQuery({
    queryKey: ['account', companyId, 'file-thumbnail', fileId, width],
    queryFn: async () => {
      const [blob, { renderPdfThumbnail }] = await Promise.all([
        fetchPreview(companyId, fileId),
        import('./render-pdf.ts'),
      ]);
      return renderPdfThumbnail(await blob.arrayBuffer(), width);
    },
    enabled: seen,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return (
    <Box
      ref={ref}
      w={width}
      h={Math.round(width * PAGE_RATIO)}
      style={{
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 4,
        overflow: 'hidden',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: 'var(--mantine-color-gray-0)',
      }}
    >
      {thumbnail.data ? (
        <Image src={thumbnail.data} alt="First page" w={width} />
      ) : (
        <IconFileText size={width / 3} color="var(--mantine-color-gray-5)" aria-hidden />
      )}
    </Box>
  );
}
