import { LONG_TEXT_CUTOFF } from '@charter/domain';
import { Anchor, Text } from '@mantine/core';
import { useState } from 'react';

/** A cell's text, cut at 200 characters with a toggle to read the rest (spec 3 §9). */
export function LongText({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  if (text.length <= LONG_TEXT_CUTOFF) return <>{text}</>;
  return (
    <Text span size="sm">
      {open ? text : `${text.slice(0, LONG_TEXT_CUTOFF)}…`}{' '}
      <Anchor component="button" type="button" size="sm" onClick={() => setOpen(!open)}>
        {open ? 'Show less' : 'Show more'}
      </Anchor>
    </Text>
  );
}
