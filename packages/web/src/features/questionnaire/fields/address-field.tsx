import {
  ADDRESS_MESSAGES,
  DEFAULT_COUNTRY,
  decodeAddress,
  encodeAddress,
  isMultiLineAddress,
  parseAddress,
  US_STATES,
  ZIP_INCOMPLETE,
  ZIP_INVALID,
} from '@charter/domain';
import { Fieldset, Input, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type FocusEvent, useId } from 'react';
import { COMBOBOX_PROPS, type FieldInputProps } from './field-props.ts';

type Part = 'line_one' | 'line_two' | 'city' | 'state' | 'zip' | 'country';
type Address = Record<Part, string>;

const LABELS: Record<Part, string> = {
  line_one: 'Line One',
  line_two: 'Line Two',
  city: 'City',
  state: 'State',
  zip: 'Zip',
  country: 'Country',
};
const REQUIRED_PARTS = ['line_one', 'city', 'state', 'zip', 'country'] as const;
// Stored as the two-letter code, as the document renderer prints it ('Dover, DE 19901').
const STATE_OPTIONS = US_STATES.map(({ name, code }) => ({ value: code, label: name }));

const ZIP_MESSAGES: readonly string[] = [ZIP_INCOMPLETE, ZIP_INVALID];
const partWithError = (error: string | null | undefined) =>
  error && ZIP_MESSAGES.includes(error)
    ? 'zip'
    : (REQUIRED_PARTS.find((part) => error && error === ADDRESS_MESSAGES[part]) ?? null);

const isUs = (address: Address) => !address.country || address.country === DEFAULT_COUNTRY;

/** Nothing typed but the default country: stored as no answer rather than an empty address. */
const isBlank = (address: Address) =>
  (['line_one', 'line_two', 'city', 'state', 'zip'] as const).every((part) => !address[part].trim());

function decode(value: string, universal: boolean): Address {
  const address = decodeAddress(value);
  if (universal && !address.country) address.country = DEFAULT_COUNTRY;
  // Older answers hold the state's name.
  const state = US_STATES.find((s) => s.name.toLowerCase() === address.state.trim().toLowerCase());
  if (state) address.state = state.code;
  return address;
}

/** Address parts in one fieldset, committed together when focus leaves the group. */
export function AddressField(props: FieldInputProps & { universal: boolean }) {
  const { field, value, error, onChange, onCommit, locked, autoFocus, universal } = props;
  const errorId = useId();
  const address = decode(value, universal);
  const errorPart = partWithError(error);
  const required = (part: Part) =>
    field.required && (REQUIRED_PARTS as readonly Part[]).includes(part) && (universal || part !== 'country');

  // Raw while typing (encodeAddress trims, which would eat a space as it is typed).
  const set = (part: Part, next: string) => onChange(JSON.stringify({ ...address, [part]: next }));
  const leave = (event: FocusEvent<HTMLFieldSetElement>) => {
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    onCommit(isBlank(address) ? '' : encodeAddress(address));
  };
  const partProps = (part: Part) => ({
    label: LABELS[part],
    'aria-label': LABELS[part],
    withAsterisk: required(part),
    error: errorPart === part ? error : undefined,
    readOnly: locked,
    disabled: locked,
  });
  const text = (part: Part) => (
    <TextInput
      {...partProps(part)}
      value={address[part]}
      onChange={(event) => set(part, event.currentTarget.value)}
    />
  );

  return (
    <Fieldset
      legend={
        <>
          {field.label}
          {field.required && (
            <Text span c="red" aria-hidden>
              {' *'}
            </Text>
          )}
        </>
      }
      // Named without the asterisk, as the other answers' inputs are.
      aria-label={field.label}
      disabled={locked}
      onBlur={leave}
      aria-describedby={error && !errorPart ? errorId : undefined}
    >
      <Stack gap="sm">
        {field.help && (
          <Text size="xs" c="dimmed">
            {field.help}
          </Text>
        )}
        <TextInput
          {...partProps('line_one')}
          autoFocus={autoFocus}
          value={address.line_one}
          onChange={(event) => set('line_one', event.currentTarget.value)}
          onPaste={(event) => {
            // A whole address pasted over several lines fills every part (spec 3 §5, the domain's parser).
            const pasted = event.clipboardData.getData('text');
            if (!isMultiLineAddress(pasted)) return;
            event.preventDefault();
            const parts = parseAddress(pasted);
            const us = /^(usa?|united states( of america)?)$/i.test(parts.country);
            const country = us ? DEFAULT_COUNTRY : parts.country || address.country;
            onChange(JSON.stringify(decode(JSON.stringify({ ...parts, country }), universal)));
          }}
        />
        {text('line_two')}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {text('city')}
          {universal && !isUs(address) ? (
            text('state')
          ) : (
            <Select
              comboboxProps={COMBOBOX_PROPS}
              {...partProps('state')}
              data={STATE_OPTIONS}
              searchable
              value={address.state || null}
              onChange={(next) => set('state', next ?? '')}
            />
          )}
          {text('zip')}
        </SimpleGrid>
        {universal && text('country')}
        {error && !errorPart && <Input.Error id={errorId}>{error}</Input.Error>}
      </Stack>
    </Fieldset>
  );
}
