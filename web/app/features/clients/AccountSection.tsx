import type { ReactNode } from 'react';
import { Paper, Stack, Text, Title } from '../../ui/index.ts';
import classes from './AccountSection.module.css';

/** One block of the account page: a heading, what it is for, and its form. */
export function AccountSection({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Paper component="section" withBorder radius="md" className={classes.section} aria-label={title}>
      <Stack gap="md">
        <div>
          <Title order={2} size="section">
            {title}
          </Title>
          {hint ? (
            <Text size="sm" tone="muted" className={classes.hint}>
              {hint}
            </Text>
          ) : null}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
