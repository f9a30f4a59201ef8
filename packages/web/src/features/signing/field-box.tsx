import type { FieldKind } from '@charter/domain';
import { type KeyboardEvent, type PointerEvent, useRef } from 'react';
import type { DraftField } from './field-draft.ts';
import { type Box, moveBox, type Point, resizeBox, type Size, toPixels } from './geometry.ts';

export const KIND_LABELS: Record<FieldKind, string> = {
  signature: 'Signature',
  initials: 'Initials',
  date: 'Date',
  text: 'Text',
  checkbox: 'Checkbox',
  name: 'Name',
};

type Props = {
  field: DraftField;
  /** Pixels per point of the page it is on. */
  scale: number;
  page: Size;
  color: string;
  owner: string;
  selected: boolean;
  readOnly: boolean;
  onSelect: () => void;
  onChange: (box: Box) => void;
  onRemove: () => void;
};

type Drag = { mode: 'move' | 'resize'; pointerId: number; from: Point; start: Box };

const NUDGE: Record<string, Point> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

/**
 * One field on a page, drawn in its signer's colour (dashed while only a role): dragged to move, its
 * corner handle dragged to resize, arrow keys nudge it (Shift: 10 points), Delete removes it.
 */
export function FieldBox({ field, scale, page, color, owner, selected, readOnly, ...on }: Props) {
  const drag = useRef<Drag | null>(null);
  const box = toPixels(field, scale);
  const label = `${KIND_LABELS[field.kind]} ${owner.startsWith('for role') ? owner : `for ${owner}`}`;

  const start = (mode: Drag['mode']) => (event: PointerEvent<HTMLElement>) => {
    if (event.button !== 0 || readOnly) return;
    event.stopPropagation();
    event.preventDefault();
    on.onSelect();
    (mode === 'move' ? event.currentTarget : event.currentTarget.parentElement)?.focus();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = {
      mode,
      pointerId: event.pointerId,
      from: { x: event.clientX, y: event.clientY },
      start: field,
    };
  };
  const move = (event: PointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    event.stopPropagation();
    const delta = {
      x: (event.clientX - current.from.x) / scale,
      y: (event.clientY - current.from.y) / scale,
    };
    on.onChange(
      current.mode === 'move' ? moveBox(current.start, delta, page) : resizeBox(current.start, delta, page),
    );
  };
  const end = (event: PointerEvent<HTMLElement>) => {
    if (drag.current?.pointerId === event.pointerId) drag.current = null;
  };
  const keyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (readOnly) return;
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      on.onRemove();
      return;
    }
    const step = NUDGE[event.key];
    if (!step) return;
    event.preventDefault();
    const by = event.shiftKey ? 10 : 1;
    on.onChange(moveBox(field, { x: step.x * by, y: step.y * by }, page));
  };

  return (
    <div
      role="button"
      tabIndex={0}
      aria-label={label}
      aria-pressed={selected}
      title={label}
      data-field-key={field.key}
      onPointerDown={start('move')}
      onPointerMove={move}
      onPointerUp={end}
      onPointerCancel={end}
      onClick={(event) => event.stopPropagation()}
      onKeyDown={keyDown}
      style={{
        position: 'absolute',
        left: box.x,
        top: box.y,
        width: box.width,
        height: box.height,
        boxSizing: 'border-box',
        border: `2px ${field.recipient_id === null ? 'dashed' : 'solid'} var(--mantine-color-${color}-6)`,
        background: `var(--mantine-color-${color}-light)`,
        outline: selected ? `2px solid var(--mantine-color-${color}-9)` : undefined,
        outlineOffset: 2,
        borderRadius: 3,
        cursor: readOnly ? 'default' : 'move',
        touchAction: 'none',
        userSelect: 'none',
        display: 'flex',
        alignItems: 'center',
        padding: '0 4px',
        fontSize: Math.max(9, Math.min(12, box.height * 0.5)),
        lineHeight: 1.1,
        color: `var(--mantine-color-${color}-9)`,
        whiteSpace: 'nowrap',
      }}
    >
      {box.width > 40 && box.height > 12 && (
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: '100%' }}>
          {KIND_LABELS[field.kind]}
          {field.required ? '*' : ''} · {owner}
        </span>
      )}
      {selected && !readOnly && (
        <span
          aria-hidden
          data-resize-handle
          onPointerDown={start('resize')}
          onPointerMove={move}
          onPointerUp={end}
          onPointerCancel={end}
          style={{
            position: 'absolute',
            right: -6,
            bottom: -6,
            width: 11,
            height: 11,
            borderRadius: 2,
            border: '1px solid white',
            background: `var(--mantine-color-${color}-7)`,
            cursor: 'nwse-resize',
            touchAction: 'none',
          }}
        />
      )}
    </div>
  );
}
