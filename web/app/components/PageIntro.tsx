import type { ReactNode } from 'react';
import { Stack, Text, Title } from '../ui/index.ts';
import frame from './page.module.css';

/** A page's heading and its one-line purpose; the page's own content follows it. */
export function PageIntro({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack gap={6} className={frame.intro}>
      <Title order={1} size="page">
        {title}
      </Title>
      {children ? (
        <Text tone="dimmed" size="md" className={frame.purpose}>
          {children}
        </Text>
      ) : null}
    </Stack>
  );
}
