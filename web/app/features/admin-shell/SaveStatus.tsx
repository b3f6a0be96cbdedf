import { Text } from '@mantine/core';

/** What a save answered, beside its button: a status (read out politely) or an alert. */
export type SaveResult = { ok: boolean; text: string } | null;

export function SaveStatus({ status }: { status: SaveResult }) {
  if (!status) return null;
  return (
    <Text size="sm" c={status.ok ? 'teal.9' : 'red.8'} role={status.ok ? 'status' : 'alert'}>
      {status.text}
    </Text>
  );
}
