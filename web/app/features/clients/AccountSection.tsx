import type { ReactNode } from 'react';
import { Paper, Stack, Text, Title } from '../../ui/index.ts';

/** One block of the account page: a heading, what it is for, and its form. */
export function AccountSection({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Paper component="section" withBorder radius="md" p={{ base: 'md', md: 'lg' }} aria-label={title}>
      <Stack gap="md">
        <div>
          <Title order={2} size="section">
            {title}
          </Title>
          {hint ? (
            <Text size="sm" tone="muted" mt={4}>
              {hint}
            </Text>
          ) : null}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
