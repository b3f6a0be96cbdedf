import type { ReactNode } from 'react';
import { Box, Paper } from '../../ui/index.ts';
import { PageIntro } from '../../components/PageIntro.tsx';
import classes from './AuthCard.module.css';

/** The frame of the sign-in pages: the page heading and its purpose, then the form on a card of its own. */
export function AuthCard({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <Box className={classes.auth}>
      <PageIntro title={title}>{intro}</PageIntro>
      <Paper withBorder radius="md" shadow="xs" className={classes.authCard}>
        {children}
      </Paper>
    </Box>
  );
}
