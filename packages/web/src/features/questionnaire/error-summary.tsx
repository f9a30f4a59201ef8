import { Alert, List } from '@mantine/core';

/** The spec's form messages start with '- ' (a plain-text bullet); the list draws its own. */
export const summaryLine = (message: string) => message.replace(/^\s*-\s+/, '');

/** The error summary above Submit (spec 2 §2 "Questionnaire form screen"). */
export function ErrorSummary({ messages }: { messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <Alert color="red" title="Please review the form" role="alert">
      <List size="sm">
        {messages.map((message) => (
          <List.Item key={message}>{summaryLine(message)}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
