import type { CSSProperties, ReactNode } from 'react';
import classes from './signing.module.css';
import {
  type Fills,
  fieldBox,
  isFilled,
  isImageKind,
  type PageSize,
  type SignerField,
  todayText,
} from './signing-fields.ts';

/** What a field is called to a screen reader, and what an empty one of the signer's says on the page. */
export const FIELD_LABELS: Record<SignerField['kind'], { name: string; prompt: string }> = {
  signature: { name: 'Signature', prompt: 'Sign' },
  initials: { name: 'Initials', prompt: 'Initial' },
  date: { name: 'Date signed', prompt: 'Date' },
  name: { name: 'Name', prompt: 'Name' },
  text: { name: 'Text', prompt: 'Text' },
  checkbox: { name: 'Checkbox', prompt: '' },
};

const CHECK = '\u2713';

type Props = {
  page: PageSize;
  fields: SignerField[];
  fills: Fills;
  /** The signer may fill their fields now (else theirs show as others' do). */
  editable: boolean;
  /** A signature or initials field was chosen: adopt (or change) that image. */
  onAdopt: (field: SignerField) => void;
  onChange: (field: SignerField, value: string) => void;
  onVisit: (field: SignerField) => void;
};

/** The fields of one page, over its image. */
export function FieldLayer({ page, fields, fills, editable, onAdopt, onChange, onVisit }: Props) {
  return fields.map((field) =>
    field.mine && editable ? (
      <MyField
        key={field.id}
        field={field}
        fills={fills}
        style={fieldBox(field, page)}
        onAdopt={onAdopt}
        onChange={onChange}
        onVisit={onVisit}
      />
    ) : (
      <OtherField key={field.id} field={field} style={fieldBox(field, page)} />
    ),
  );
}

type MyFieldProps = Pick<Props, 'fills' | 'onAdopt' | 'onChange' | 'onVisit'> & {
  field: SignerField;
  style: CSSProperties;
};

function MyField({ field, fills, style, onAdopt, onChange, onVisit }: MyFieldProps) {
  const filled = isFilled(field, fills);
  const { name, prompt } = FIELD_LABELS[field.kind];
  const common = {
    'data-field-id': field.id,
    'data-filled': filled || undefined,
    className: [
      classes.field,
      classes.mine,
      field.required ? '' : classes.optional,
      field.kind === 'checkbox' ? classes.checkbox : '',
    ].join(' '),
    style,
    onFocus: () => onVisit(field),
    'aria-label': `${name}${field.required ? ' (required)' : ' (optional)'}`,
  };
  const value = fills.values[field.id] ?? '';

  if (field.kind === 'text' || field.kind === 'name') {
    return (
      <input
        {...common}
        type="text"
        value={value}
        maxLength={500}
        placeholder={prompt}
        autoComplete={field.kind === 'name' ? 'name' : 'off'}
        onChange={(event) => onChange(field, event.currentTarget.value)}
      />
    );
  }
  if (field.kind === 'checkbox') {
    return (
      <button
        {...common}
        type="button"
        role="checkbox"
        aria-checked={value === 'true'}
        onClick={() => onChange(field, value === 'true' ? '' : 'true')}
      >
        {value === 'true' ? CHECK : ''}
      </button>
    );
  }
  if (field.kind === 'date') {
    return (
      <button {...common} type="button" onClick={() => onChange(field, value || todayText())}>
        {value || prompt}
      </button>
    );
  }
  const image = isImageKind(field.kind) ? fills[field.kind] : null;
  return (
    <button {...common} type="button" onClick={() => onAdopt(field)}>
      {image ? <img src={image.image} alt="" /> : prompt}
    </button>
  );
}

/** Someone else's field: a faint placeholder, or what they filled. */
function OtherField({ field, style }: { field: SignerField; style: CSSProperties }) {
  const value = field.value ?? '';
  const { name } = FIELD_LABELS[field.kind];
  let content: ReactNode = field.kind === 'checkbox' ? '' : name;
  if (value.startsWith('data:image/')) content = <img src={value} alt={name} />;
  else if (field.kind === 'checkbox' && value) content = value === 'true' ? CHECK : '';
  else if (value) content = value;
  return (
    <div className={`${classes.field} ${classes.other}`} data-filled={value ? true : undefined} style={style}>
      {content}
    </div>
  );
}
