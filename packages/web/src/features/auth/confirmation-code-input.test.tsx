import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyDigits, eraseDigit, pasteDigits, typeDigits } from './code-digits.ts';
import { ConfirmationCodeInput } from './confirmation-code-input.tsx';

function Harness() {
  const [digits, setDigits] = useState(emptyDigits);
  return (
    <MantineProvider>
      <ConfirmationCodeInput value={digits} onChange={setDigits} />
      <output data-testid="code">{digits.join('')}</output>
    </MantineProvider>
  );
}

const box = (n: number) => screen.getByLabelText(`Digit ${n} of 6`) as HTMLInputElement;

describe('confirmation code digits', () => {
  it('pastes digits only, a full code from the first box', () => {
    expect(pasteDigits(emptyDigits(), 3, ' 12a3-4 56 ').digits.join('')).toBe('123456');
  });

  it('pastes a partial code from the focused box and focuses after it', () => {
    const { digits, focus } = pasteDigits(emptyDigits(), 2, '9x8');
    expect(digits).toEqual(['', '', '9', '8', '', '']);
    expect(focus).toBe(4);
  });

  it('ignores non-digits when typing and advances after a digit', () => {
    expect(typeDigits(emptyDigits(), 0, 'a').focus).toBe(0);
    expect(typeDigits(emptyDigits(), 0, '7')).toEqual({ digits: ['7', '', '', '', '', ''], focus: 1 });
  });

  it('backspace in an empty box clears the one before', () => {
    expect(eraseDigit(['1', '2', '', '', '', ''], 2)).toEqual({
      digits: ['1', '', '', '', '', ''],
      focus: 1,
    });
  });
});

describe('ConfirmationCodeInput', () => {
  afterEach(cleanup);

  it('fills all six boxes from a pasted code with separators and moves focus', () => {
    render(<Harness />);
    fireEvent.paste(box(1), { clipboardData: { getData: () => 'Code: 123-456' } });
    expect(screen.getByTestId('code').textContent).toBe('123456');
    expect(box(4).value).toBe('4');
    expect(document.activeElement).toBe(box(6));
  });

  it('auto-advances while typing', () => {
    render(<Harness />);
    fireEvent.change(box(1), { target: { value: '5' } });
    expect(document.activeElement).toBe(box(2));
    fireEvent.change(box(2), { target: { value: 'x' } });
    expect(screen.getByTestId('code').textContent).toBe('5');
  });

  it('takes the focus back to the first box when re-enabled (after a rejected code)', () => {
    const boxes = (disabled: boolean) => (
      <MantineProvider>
        <ConfirmationCodeInput value={emptyDigits()} onChange={() => undefined} disabled={disabled} />
      </MantineProvider>
    );
    const { rerender } = render(boxes(true));
    expect(document.activeElement).toBe(document.body);
    rerender(boxes(false));
    expect(document.activeElement).toBe(box(1));
  });
});
