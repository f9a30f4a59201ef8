import { Center, Loader, Text } from '@mantine/core';
import { useInViewport } from '@mantine/hooks';
import { type MouseEvent, type ReactNode, useEffect, useState } from 'react';
import { type Point, type Size, scaleFor, toPoints } from './geometry.ts';
import { usePageImage } from './use-page-image.ts';

type Props = {
  companyId: number;
  documentId: number;
  /** The file shown (the original, or the sealed final): a change reloads the image. */
  fileId: number | null;
  /** From 0. */
  index: number;
  size: Size;
  /** How wide the page is drawn, in CSS pixels. */
  displayWidth: number;
  /** The ?width= asked of the pages route. */
  imageWidth: number;
  /** A click on the page itself (not on a field), in points from its top-left corner. */
  onPlace?: (point: Point) => void;
  /** The page's fields, given its scale. */
  children: (scale: number) => ReactNode;
};

/** One page of the document drawn `displayWidth` wide, its image loaded once it nears the screen. */
export function PageSheet({
  companyId,
  documentId,
  fileId,
  index,
  size,
  displayWidth,
  imageWidth,
  onPlace,
  children,
}: Props) {
  const { ref, inViewport } = useInViewport();
  // Once seen, a page keeps loading even if it is scrolled past before its image comes.
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (inViewport) setSeen(true);
  }, [inViewport]);
  const image = usePageImage(companyId, documentId, index, imageWidth, seen, fileId);
  const scale = scaleFor(size.width, displayWidth);
  const place = (event: MouseEvent<HTMLDivElement>) => {
    if (!onPlace) return;
    const frame = event.currentTarget.getBoundingClientRect();
    onPlace(toPoints({ x: event.clientX - frame.left, y: event.clientY - frame.top }, scale));
  };
  return (
    <div
      ref={ref}
      role="group"
      aria-label={`Page ${index + 1}`}
      onClick={place}
      style={{
        position: 'relative',
        width: displayWidth,
        height: size.height * scale,
        background: 'white',
        boxShadow: '0 0 0 1px var(--mantine-color-gray-3), 0 1px 4px rgba(0, 0, 0, 0.08)',
        cursor: onPlace ? 'crosshair' : 'default',
      }}
    >
      {image.url ? (
        <img
          src={image.url}
          alt=""
          draggable={false}
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none' }}
        />
      ) : (
        <Center pos="absolute" inset={0}>
          {image.failed ? (
            <Text size="sm" c="dimmed">
              Unable to show page {index + 1}.
            </Text>
          ) : (
            seen && <Loader size="sm" role="status" aria-label={`Loading page ${index + 1}`} />
          )}
        </Center>
      )}
      {children(scale)}
    </div>
  );
}
