import { FIELD_TYPES, type FieldType } from '@charter/domain';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AnswerField, type FieldView } from './answer-field.tsx';

afterEach(cleanup);

const field = (type: FieldType, overrides: Partial<FieldView> = {}): FieldView => ({
  id: `q-${type}`,
  label: 'Answer',
  type,
  required: false,
  fixed: false,
  ...overrides,
});

type Options = { value?: string; error?: string | null; readOnly?: boolean };
type Spies = { onChange: (value: string) => void; onCommit: (value: string) => void };

/** Keeps the value as the questionnaire does: every change and commit becomes the new value. */
function Parent({
  view,
  value = '',
  error,
  readOnly,
  onChange,
  onCommit,
}: Options & Spies & { view: FieldView }) {
  const [current, setCurrent] = useState(value);
  return (
    <AnswerField
      field={view}
      value={current}
      error={error}
      readOnly={readOnly}
      onChange={(next) => {
        onChange(next);
        setCurrent(next);
      }}
      onCommit={(next) => {
        onCommit(next);
        setCurrent(next);
      }}
    />
  );
}

function renderField(view: FieldView, options: Options = {}) {
  const spies = { onChange: vi.fn(), onCommit: vi.fn() };
  render(
    <MantineProvider env="test">
      <Parent view={view} {...options} {...spies} />
    </MantineProvider>,
  );
  return spies;
}

const input = (label = 'Answer') => screen.getByLabelText(label) as HTMLInputElement;
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });
const choose = (label: string, option: string) => {
  fireEvent.click(screen.getByLabelText(label));
  fireEvent.click(screen.getByRole('option', { name: option }));
};

describe('AnswerField', () => {
  const grouped = new Set<FieldType>(['address', 'address_universal', 'resource_list']);
  const documents = new Set<FieldType>(['document', 'template_document', 'custom_document']);

  it.each(FIELD_TYPES.filter((t) => !grouped.has(t)))('renders %s labelled by the question', (t) => {
    renderField(field(t, { options: ['One', 'Two'], help: 'Some help' }));
    expect(screen.getByLabelText('Answer')).toBeTruthy();
    if (!documents.has(t)) expect(screen.getByText('Some help')).toBeTruthy();
  });

  it('finds a required field by its label despite the asterisk', () => {
    renderField(field('string', { required: true }));
    expect(input().tagName).toBe('INPUT');
    expect(screen.getByText('*')).toBeTruthy();
  });

  it('names required groups without the asterisk', () => {
    renderField(field('boolean', { required: true }));
    expect(screen.getByRole('radiogroup', { name: 'Answer' })).toBeTruthy();
    cleanup();
    renderField(field('address', { required: true }));
    expect(screen.getByLabelText('Answer').tagName).toBe('FIELDSET');
    expect(screen.getByRole('group', { name: 'Answer' })).toBeTruthy();
  });

  it('renders nothing for a resource list', () => {
    renderField(field('resource_list'));
    expect(screen.queryByLabelText('Answer')).toBeNull();
  });

  it('commits trimmed text on blur, raw text on every keystroke', () => {
    const { onChange, onCommit } = renderField(field('string'));
    type(input(), ' Ada ');
    expect(onChange).toHaveBeenLastCalledWith(' Ada ');
    expect(onCommit).not.toHaveBeenCalled();
    fireEvent.blur(input());
    expect(onCommit).toHaveBeenCalledWith('Ada');
  });

  it('keeps what was typed when the caller only listens to commits', () => {
    const onCommit = vi.fn();
    render(
      <MantineProvider env="test">
        <AnswerField field={field('string')} value="" onChange={() => {}} onCommit={onCommit} />
      </MantineProvider>,
    );
    type(input(), 'Ada');
    expect(input().value).toBe('Ada');
    fireEvent.blur(input());
    expect(onCommit).toHaveBeenCalledWith('Ada');
  });

  it('formats a phone number as it is typed, adding +1', () => {
    const { onCommit } = renderField(field('phone'));
    type(input(), '555');
    expect(input().value).toBe('+1 (555)');
    type(input(), '+1 (555)5555555');
    expect(input().value).toBe('+1 (555) 555-5555');
    fireEvent.blur(input());
    expect(onCommit).toHaveBeenCalledWith('+1 (555) 555-5555');
  });

  it('gives date and month inputs their formats as placeholders', () => {
    renderField(field('date'));
    expect(input().placeholder).toBe('MM/DD/YYYY');
    cleanup();
    renderField(field('month'));
    expect(input().placeholder).toBe('MM/YYYY');
  });

  it('stores currency as dollars and cents next to a $ section', () => {
    const { onCommit } = renderField(field('currency'));
    type(input(), '1234.5');
    fireEvent.blur(input());
    expect(onCommit).toHaveBeenCalledWith('$1,234.50');
    expect(input().value).toBe('1,234.50');
    expect(screen.getByText('$')).toBeTruthy();
  });

  it('appends % to a percent and keeps numbers as digits', () => {
    const { onCommit } = renderField(field('percent'));
    type(input(), '12.5');
    fireEvent.blur(input());
    expect(onCommit).toHaveBeenCalledWith('12.5%');
    expect(input().value).toBe('12.5');
    cleanup();
    const integer = renderField(field('integer'));
    expect(input().inputMode).toBe('numeric');
    type(input(), '10,000,000');
    fireEvent.blur(input());
    expect(integer.onCommit).toHaveBeenCalledWith('10000000');
  });

  it('shows a social security number masked until toggled, storing digits only', () => {
    const { onChange, onCommit } = renderField(field('social_security'), { value: '123456789' });
    expect(input().value).toBe('*****6789');
    fireEvent.click(screen.getByRole('button', { name: 'Show social security' }));
    expect(input().value).toBe('123456789');
    type(input(), '987-65-4321');
    expect(onChange).toHaveBeenLastCalledWith('987654321');
    fireEvent.click(screen.getByRole('button', { name: 'Hide social security' }));
    expect(input().value).toBe('*****4321');
    fireEvent.blur(input());
    expect(onCommit).toHaveBeenLastCalledWith('987654321');
  });

  it('types into a masked social security number', () => {
    const { onChange } = renderField(field('social_security'));
    type(input(), '1');
    type(input(), '*****12');
    expect(input().value).toBe('*****12');
    type(input(), '*****1');
    expect(onChange).toHaveBeenLastCalledWith('1');
  });

  it('joins a salary amount and its period', () => {
    const { onCommit } = renderField(field('salary'));
    type(input(), '85000');
    fireEvent.blur(input());
    expect(onCommit).toHaveBeenLastCalledWith('$85,000.00 Per Year');
    choose('Salary period', 'Per Month');
    expect(onCommit).toHaveBeenLastCalledWith('$85,000.00 Per Month');
  });

  it('splits a stored salary into amount and period', () => {
    renderField(field('salary'), { value: '$20.00 Per Hour' });
    expect(input().value).toBe('20.00');
    expect((screen.getByLabelText('Salary period') as HTMLInputElement).value).toBe('Per Hour');
  });

  it('commits yes/no as true/false', () => {
    const { onCommit } = renderField(field('boolean'));
    fireEvent.click(screen.getByLabelText('Yes'));
    expect(onCommit).toHaveBeenCalledWith('true');
    fireEvent.click(screen.getByLabelText('No'));
    expect(onCommit).toHaveBeenLastCalledWith('false');
  });

  it('commits a radio choice and a select option at once', () => {
    const radio = renderField(field('radio', { options: ['Alpha', 'Beta'] }));
    fireEvent.click(screen.getByLabelText('Beta'));
    expect(radio.onCommit).toHaveBeenCalledWith('Beta');
    cleanup();
    const select = renderField(field('options', { options: ['Alpha', 'Beta'] }));
    choose('Answer', 'Alpha');
    expect(select.onCommit).toHaveBeenCalledWith('Alpha');
  });

  it('offers states by name', () => {
    const { onCommit } = renderField(field('state'));
    choose('Answer', 'Delaware');
    expect(onCommit).toHaveBeenCalledWith('Delaware');
  });

  it('stores a checkbox group as a JSON list in the options’ order', () => {
    const { onCommit } = renderField(field('checkbox_group', { options: ['A', 'B', 'C'] }));
    fireEvent.click(screen.getByLabelText('C'));
    fireEvent.click(screen.getByLabelText('A'));
    expect(onCommit).toHaveBeenLastCalledWith('["A","C"]');
  });

  it('commits an address when focus leaves the group', () => {
    const { onCommit } = renderField(field('address', { label: 'Office' }));
    expect(screen.getByRole('group', { name: 'Office' })).toBeTruthy();
    type(input('Line One'), '1 Main St');
    type(input('City'), 'Dover');
    choose('State', 'Delaware');
    fireEvent.blur(input('Line One'), { relatedTarget: input('Zip') });
    expect(onCommit).not.toHaveBeenCalled();
    type(input('Zip'), '19901');
    fireEvent.blur(input('Zip'));
    expect(JSON.parse(onCommit.mock.calls[0][0])).toEqual({
      line_one: '1 Main St',
      line_two: '',
      city: 'Dover',
      state: 'DE',
      zip: '19901',
      country: '',
    });
  });

  it('defaults a universal address to the United States and stores nothing when empty', () => {
    const { onCommit } = renderField(field('address_universal', { label: 'Office', required: true }));
    expect(screen.getByRole('group', { name: 'Office' })).toBeTruthy();
    expect(input('Country').value).toBe('United States of America');
    fireEvent.blur(input('Line One'));
    expect(onCommit).toHaveBeenCalledWith('');
  });

  it('places an address part error under that part, others under the group', () => {
    renderField(field('address'), { error: 'City required' });
    expect(input('City').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('City required')).toBeTruthy();
    cleanup();
    renderField(field('address', { label: 'Office' }), { error: 'Full Address required' });
    expect(input('City').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText('Full Address required')).toBeTruthy();
  });

  it('adds and removes share links', () => {
    const { onCommit } = renderField(field('share_links'));
    type(screen.getAllByLabelText('Label')[0], 'Deck');
    type(screen.getAllByLabelText('Url')[0], 'example.com/deck');
    fireEvent.click(screen.getByRole('button', { name: 'Add link' }));
    type(screen.getAllByLabelText('Label')[1], 'Model');
    type(screen.getAllByLabelText('Url')[1], 'https://example.com/model');
    fireEvent.blur(screen.getAllByLabelText('Url')[1]);
    expect(onCommit).toHaveBeenLastCalledWith(
      '[Deck](https://example.com/deck)|[Model](https://example.com/model)',
    );
    fireEvent.click(screen.getAllByRole('button', { name: 'Remove link' })[0]);
    expect(onCommit).toHaveBeenLastCalledWith('[Model](https://example.com/model)');
    expect(screen.getAllByLabelText('Label')).toHaveLength(1);
  });

  it('appends and replaces a company suffix', () => {
    const { onCommit } = renderField(field('company_name'), { value: 'Acme' });
    choose('Company suffix', 'Inc.');
    expect(onCommit).toHaveBeenLastCalledWith('Acme, Inc.');
    expect(input().value).toBe('Acme, Inc.');
    choose('Company suffix', 'LLC');
    expect(onCommit).toHaveBeenLastCalledWith('Acme, LLC');
  });

  it('marks document kinds as coming with the file cabinet', () => {
    renderField(field('custom_document'));
    expect(screen.getByText('Coming with the file cabinet')).toBeTruthy();
  });

  it('makes fixed and read-only fields read-only', () => {
    renderField(field('string', { fixed: true }), { value: 'Fixed' });
    expect(input().readOnly).toBe(true);
    cleanup();
    renderField(field('company_name'), { value: 'Acme, Inc.', readOnly: true });
    expect(input().readOnly).toBe(true);
    expect((screen.getByLabelText('Company suffix') as HTMLInputElement).disabled).toBe(true);
    cleanup();
    renderField(field('boolean', { fixed: true }));
    for (const radio of within(screen.getByRole('radiogroup')).getAllByRole('radio')) {
      expect((radio as HTMLInputElement).disabled).toBe(true);
    }
  });

  it('shows the error', () => {
    renderField(field('email'), { error: 'Invalid email address' });
    expect(screen.getByText('Invalid email address')).toBeTruthy();
    expect(input().getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the error of a composite field under it', () => {
    renderField(field('salary'), { error: 'Salary required' });
    expect(screen.getByText('Salary required')).toBeTruthy();
    expect(input().getAttribute('aria-describedby')).toContain('error');
  });
});
