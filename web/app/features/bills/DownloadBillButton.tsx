import { useState } from 'react';
import { Box, Button } from '../../ui/index.ts';
import type { ButtonProps } from '../../ui/index.ts';
import { billFileName } from '@detal/contract/browser';
import { download } from '../../lib/api/index.ts';

/**
 * Saves the bill as a PDF file through the request layer's download (the session token goes with it); a
 * failure is already shown by the request layer's error notification.
 */
export function DownloadBillButton({
  billId,
  compact = false,
  ...props
}: {
  billId: number;
  /** Says just "PDF" below the lg breakpoint, where a table row has little room. */
  compact?: boolean;
} & Omit<ButtonProps, 'loading' | 'onClick'>) {
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await download('api:shop/client-bill-download-post', { billId }, billFileName(billId));
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
      aria-label={`Скачать счёт № ${billId} в PDF`}
      {...props}
    >
      {compact ? (
        <>
          <Box component="span" visibleFrom="lg" mr={4}>
            Скачать
          </Box>
          PDF
        </>
      ) : (
        'Скачать PDF'
      )}
    </Button>
  );
}
