import type { ReactNode } from 'react';
import { Stack, Text, Title } from '../ui/index.ts';

/** A page's heading and its one-line purpose; the page's own content follows it. */
export function PageIntro({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack gap={6} mb="lg">
      <Title order={1} size="page">
        {title}
      </Title>
      {children ? (
        <Text tone="dimmed" size="md" maw={720}>
          {children}
        </Text>
      ) : null}
    </Stack>
  );
}
