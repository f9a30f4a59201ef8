import { ActionIcon, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';

/** Move up / move down of an item of a room's ordered list (documents, links), spec 3 §2 edit mode. */
export function MoveButtons({
  label,
  first,
  last,
  onMove,
}: {
  label: string;
  first: boolean;
  last: boolean;
  onMove: (direction: -1 | 1) => void;
}) {
  return (
    <>
      <Tooltip label="Move up">
        <ActionIcon
          variant="subtle"
          aria-label={`Move ${label} up`}
          disabled={first}
          onClick={() => onMove(-1)}
        >
          <IconArrowUp size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Move down">
        <ActionIcon
          variant="subtle"
          aria-label={`Move ${label} down`}
          disabled={last}
          onClick={() => onMove(1)}
        >
          <IconArrowDown size={16} />
        </ActionIcon>
      </Tooltip>
    </>
  );
}
