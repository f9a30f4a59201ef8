/** English plural categories ('one', 'other'), as the browser and Node know them. */
const plurals = new Intl.PluralRules('en-US');

/** The noun for a count: 'document' for 1, 'documents' for 0, 2 or 1.5. */
export const nounFor = (count: number, one: string, other = `${one}s`) =>
  plurals.select(count) === 'one' ? one : other;

/** A count and its noun: '1 document', '0 documents', '1,250 visits'; irregular plurals as `other`. */
export const countOf = (count: number, one: string, other = `${one}s`) =>
  `${count.toLocaleString('en-US')} ${nounFor(count, one, other)}`;
