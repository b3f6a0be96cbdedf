import type { ReactNode } from 'react';
import { Box, Paper } from '../../ui/index.ts';
import { PageIntro } from '../../components/PageIntro.tsx';

/** The frame of the sign-in pages: the page heading and its purpose, then the form on a card of its own. */
export function AuthCard({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <Box maw={480} mx="auto" w="100%">
      <PageIntro title={title}>{intro}</PageIntro>
      <Paper withBorder radius="md" p={{ base: 'md', md: 'xl' }} shadow="xs">
        {children}
      </Paper>
    </Box>
  );
}
