import { useState } from 'react';
import { FieldLayer } from './field-layer.tsx';
import classes from './signing.module.css';
import { pageImageUrl, pageImageWidth } from './signing-api.ts';
import { type Fills, type PageSize, readingOrder, type SignerField } from './signing-fields.ts';
import { PAGE_MAX_WIDTH } from './signing-frame.tsx';

type Props = Omit<Parameters<typeof FieldLayer>[0], 'page' | 'fields'> & {
  token: string;
  pages: PageSize[];
  fields: SignerField[];
  fills: Fills;
};

/** Every page of the document, stacked, each image in a box of the page's shape with its fields on it. */
export function DocumentPages({ token, pages, fields, ...layer }: Props) {
  // One width for the whole visit, from the screen, so the images stay cached as the page reflows.
  const [imageWidth] = useState(() =>
    pageImageWidth(Math.min(window.innerWidth, PAGE_MAX_WIDTH), window.devicePixelRatio),
  );
  // In reading order, so Tab goes through a page's fields as the eye does.
  const ordered = [...fields].sort(readingOrder);
  return pages.map((page, index) => (
    <div
      // biome-ignore lint/suspicious/noArrayIndexKey: a page has no identity but its place
      key={index}
      className={classes.page}
      style={{ aspectRatio: `${page.width} / ${page.height}` }}
    >
      <img
        className={classes.pageImage}
        src={pageImageUrl(token, index, imageWidth)}
        alt={`Page ${index + 1} of ${pages.length}`}
        loading="lazy"
        decoding="async"
        draggable={false}
      />
      <FieldLayer page={page} fields={ordered.filter((field) => field.page === index)} {...layer} />
    </div>
  ));
}
