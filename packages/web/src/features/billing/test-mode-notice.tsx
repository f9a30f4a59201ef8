import {
  BILLING_MESSAGES,
  TEST_BANK_LINK,
  TEST_BANKS,
  TEST_CARDS,
  TEST_MICRO_DEPOSITS_CENTS,
} from '@charter/domain';
import { Alert, Code, List, Text } from '@mantine/core';

/**
 * The visible "Test mode" notice: the test payment provider, or Stripe under a test key (sk_test_…), where
 * charges are not real either. `details` lists the test provider's own numbers (not for Stripe).
 */
export function TestModeNotice({ details = false }: { details?: boolean }) {
  const [a, b] = TEST_MICRO_DEPOSITS_CENTS;
  return (
    <Alert color="yellow" title="Test mode" role="status" data-testid="billing-test-mode">
      <Text size="sm">{BILLING_MESSAGES.testModeNotice}</Text>
      {details && (
        <List size="xs" mt="xs" spacing={2}>
          <List.Item>
            Cards: <Code>{TEST_CARDS.visa.number}</Code> succeeds, <Code>{TEST_CARDS.declined.number}</Code>{' '}
            is declined, <Code>{TEST_CARDS.authentication.number}</Code> needs authentication,{' '}
            <Code>{TEST_CARDS.failLater.number}</Code> fails when charged. Any future expiry.
          </List.Item>
          <List.Item>
            Bank: routing <Code>{TEST_BANKS.succeed.routing}</Code>, account{' '}
            <Code>{TEST_BANKS.succeed.account}</Code> (deposits arrive: {(a / 100).toFixed(2)} and{' '}
            {(b / 100).toFixed(2)}) or <Code>{TEST_BANKS.fail.account}</Code> (deposits fail).
          </List.Item>
          <List.Item>Bank link: {TEST_BANK_LINK.institution} connects or can be cancelled.</List.Item>
        </List>
      )}
    </Alert>
  );
}
