import type { ReactNode } from 'react';
import { Container } from '../ui/index.ts';
import type { Template } from '@detal/contract';
import { SiteFooter } from './SiteFooter.tsx';
import { SiteHeader } from './SiteHeader.tsx';
import frame from '../components/page.module.css';

export interface ShellData {
  template: Template | null;
  /** The root loader's session check (client-me from the token cookie), run again after sign-in and sign-out. */
  signedIn: boolean;
}

/** The `default` layout's frame: header, the page, footer. */
export function SiteShell({ data, children }: { data: ShellData | undefined; children: ReactNode }) {
  const signedIn = data?.signedIn ?? false;
  const template = data?.template ?? null;
  return (
    <div style={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <SiteHeader signedIn={signedIn} template={template} />
      <Container component="main" size="content" className={frame.main}>
        {children}
      </Container>
      <SiteFooter template={template} />
    </div>
  );
}
