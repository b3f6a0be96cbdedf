import { Button, Group } from '@mantine/core';
import type { Shipment } from '@detal/contract';
import { correctionPdfFileName } from '@detal/contract/browser';
import { download } from '../../lib/api/index.ts';

/** The УПД of a shipment, to print (PDF) or to send through an operator (XML of format 5.03). */
export function ShipmentDownloads({ shipment, size = 'compact-xs' }: { shipment: Shipment; size?: string }) {
  const save = (format: 'pdf' | 'xml') =>
    void download(
      'api:admin/shipment-download',
      { shipment_id: shipment.id, format },
      format === 'pdf' ? `upd-${shipment.id}.pdf` : shipment.xml_file_name,
    ).catch(() => {
      // Reported by the request layer's error notification.
    });
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Button size={size} variant="light" onClick={() => save('pdf')} aria-label={`Печать УПД № ${shipment.number}`}>
        УПД PDF
      </Button>
      <Button size={size} variant="default" onClick={() => save('xml')} aria-label={`XML УПД № ${shipment.number}`}>
        XML
      </Button>
      {shipment.corrections.map((correction) => (
        <Button
          key={correction.id}
          size={size}
          variant="default"
          onClick={() =>
            void download(
              'api:admin/shipment-correction-download',
              { correction_id: correction.id },
              correctionPdfFileName(correction.id),
            ).catch(() => {
              // Reported by the request layer's error notification.
            })
          }
          aria-label={`Печать УКД № ${correction.id} от ${correction.date}`}
        >
          УКД № {correction.id}
        </Button>
      ))}
    </Group>
  );
}
