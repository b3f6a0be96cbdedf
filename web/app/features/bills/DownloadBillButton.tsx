import { useState } from 'react';
import { Box, Button } from '../../ui/index.ts';
import type { ButtonProps } from '../../ui/index.ts';
import { billFileName, billRevisionName, formatDate, formatRoubles } from '@detal/contract/browser';
import type { BillRevision } from '@detal/contract';
import { download } from '../../lib/api/index.ts';
import classes from './bills.module.css';

/**
 * Saves the bill as a PDF file through the request layer's download (the session token goes with it); a
 * failure is already shown by the request layer's error notification.
 */
export function DownloadBillButton({
  billId,
  revision,
  compact = false,
  children,
  ...props
}: {
  billId: number;
  /** An earlier revision of the bill; without it, the bill as it stands. */
  revision?: number;
  /** Says just "PDF" below the lg breakpoint, where a table row has little room. */
  compact?: boolean;
} & Omit<ButtonProps, 'loading' | 'onClick'>) {
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      const body = revision === undefined ? { billId } : { billId, revision };
      await download('api:shop/client-bill-download-post', body, billFileName(billId, revision));
    } catch {
      // Reported by the request layer's error catalogue.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="light"
      size="xs"
      loading={busy}
      onClick={() => void save()}
      aria-label={`Скачать счёт № ${billId}${revision === undefined ? '' : ` (${billRevisionName(revision)})`} в PDF`}
      {...props}
    >
      {children ??
        (compact ? (
          <>
            <Box component="span" className={classes.downloadWord}>
              Скачать
            </Box>
            PDF
          </>
        ) : (
          'Скачать PDF'
        ))}
    </Button>
  );
}

/**
 * A changed bill's earlier revisions, each still downloadable as it was issued: «Ранее: исходный от 01.03.2025,
 * 1 234,50 ₽». Nothing for a bill never changed.
 */
export function EarlierBillRevisions({ billId, revisions }: { billId: number; revisions: BillRevision[] }) {
  const earlier = revisions.slice(0, -1);
  if (earlier.length === 0) return null;
  return (
    <Box className={classes.earlier}>
      Ранее:{' '}
      {earlier.map((item) => (
        <DownloadBillButton
          key={item.revision}
          billId={billId}
          revision={item.revision}
          variant="subtle"
          size="compact-xs"
        >
          {billRevisionName(item.revision)} от {formatDate(item.issued_at)}, {formatRoubles(item.price_sum)}
        </DownloadBillButton>
      ))}
    </Box>
  );
}
