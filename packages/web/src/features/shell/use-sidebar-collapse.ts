import { SIDEBAR_COLLAPSE_WIDTH } from '@charter/domain';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';

/**
 * The sidebar collapses by itself under SIDEBAR_COLLAPSE_WIDTH; the user's own choice holds until the
 * window crosses that width again.
 */
export function useSidebarCollapse() {
  const wide = useMediaQuery(`(min-width: ${SIDEBAR_COLLAPSE_WIDTH}px)`, true, {
    getInitialValueInEffect: false,
  });
  const [choice, setChoice] = useState<{ collapsed: boolean; wide: boolean } | null>(null);
  const collapsed = choice && choice.wide === wide ? choice.collapsed : !wide;
  return { collapsed, toggle: () => setChoice({ collapsed: !collapsed, wide }) };
}
