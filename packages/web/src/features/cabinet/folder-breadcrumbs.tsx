import { Anchor, Breadcrumbs } from '@mantine/core';
import { breadcrumbSegments } from './paths.ts';

type Props = { path: string; onOpen: (path: string) => void };

/** File Cabinet > A > B, each opening its folder. */
export function FolderBreadcrumbs({ path, onOpen }: Props) {
  const crumbs = breadcrumbSegments(path);
  return (
    <nav aria-label="Folder path">
      <Breadcrumbs separator="›">
        {crumbs.map((crumb, i) => (
          <Anchor
            key={crumb.path}
            component="button"
            type="button"
            size="sm"
            fw={i === crumbs.length - 1 ? 600 : undefined}
            aria-current={i === crumbs.length - 1 ? 'page' : undefined}
            onClick={() => onOpen(crumb.path)}
          >
            {crumb.name}
          </Anchor>
        ))}
      </Breadcrumbs>
    </nav>
  );
}
