import { useState } from 'react';
import { Badge, Box, Button, Card, Group, Stack, Table, Text } from '../../ui/index.ts';
import { correctionPdfFileName, formatRoubles, orderLabel, pluralRu } from '@detal/contract/browser';
import type { Shipment, ShipmentCorrection } from '@detal/contract';
import { download } from '../../lib/api/index.ts';
import { ShipmentReturn } from '../returns/ShipmentReturn.tsx';
import frame from '../../components/page.module.css';
import classes from './shipments.module.css';

/**
 * The client's shipments and their УПД (issue 30, point 5): the document a business client's accountant books a
 * purchase by, as a PDF to print and as the tax service's XML to upload to an operator (Диадок, СБИС). Downloads go
 * through the request layer (the session token goes with them); a failure is shown by its error notification.
 */

type Format = 'pdf' | 'xml';

function DownloadUpd({ shipment, format, compact }: { shipment: Shipment; format: Format; compact?: boolean }) {
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      const name = format === 'pdf' ? `upd-${shipment.id}.pdf` : shipment.xml_file_name;
      await download('api:shop/client-shipment-download-post', { shipmentId: shipment.id, format }, name);
    } catch {
      // Reported by the request layer's error catalogue.
    } finally {
      setBusy(false);
    }
  };
  const label = format === 'pdf' ? 'PDF' : 'XML';
  return (
    <Button
      variant={format === 'pdf' ? 'light' : 'default'}
      size="xs"
      loading={busy}
      onClick={() => void save()}
      aria-label={`Скачать УПД № ${shipment.number} в ${label}${format === 'xml' ? ' для ЭДО' : ''}`}
    >
      {compact ? label : format === 'pdf' ? 'УПД в PDF' : 'XML для ЭДО'}
    </Button>
  );
}

const orders = (shipment: Shipment) => [...new Set(shipment.lines.map((line) => line.order_id))];
const positions = (shipment: Shipment) =>
  `${shipment.lines.length} ${pluralRu(shipment.lines.length, 'позиция', 'позиции', 'позиций')}`;
const vatText = (shipment: Shipment) => (shipment.vat === null ? 'без НДС' : `НДС ${formatRoubles(shipment.vat)}`);

/** The printed УКД of a correction to the shipment (PDF). */
function DownloadUkd({ correction }: { correction: ShipmentCorrection }) {
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await download(
        'api:shop/client-shipment-correction-download-post',
        { correctionId: correction.id },
        correctionPdfFileName(correction.id),
      );
    } catch {
      // Reported by the request layer's error catalogue.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      size="xs"
      loading={busy}
      onClick={() => void save()}
      aria-label={`Скачать УКД № ${correction.id} от ${correction.date} в PDF`}
    >
      УКД № {correction.id}
    </Button>
  );
}

function Corrections({ shipment }: { shipment: Shipment }) {
  if (shipment.corrections.length === 0) return null;
  return (
    <Stack gap={4}>
      {shipment.corrections.map((correction) => (
        <Group key={correction.id} gap="xs">
          <Text size="xs" tone="muted">
            Корректировка от {correction.date}: {formatRoubles(correction.total_after)}
          </Text>
          <DownloadUkd correction={correction} />
        </Group>
      ))}
    </Stack>
  );
}

function WideTable({ shipments }: { shipments: Shipment[] }) {
  return (
    <Table.ScrollContainer minWidth={720} type="native">
      <Table striped highlightOnHover verticalSpacing="xs" horizontalSpacing="xs" aria-label="Документы">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>УПД</Table.Th>
            <Table.Th>Дата</Table.Th>
            <Table.Th>Покупатель</Table.Th>
            <Table.Th>Заказы</Table.Th>
            <Table.Th align="right">Сумма</Table.Th>
            <Table.Th align="right">Скачать</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shipments.map((shipment) => (
            <Table.Tr key={shipment.id} data-shipment-id={shipment.id}>
              <Table.Td weight={600} style={{ whiteSpace: 'nowrap' }}>
                № {shipment.number}
                <Text size="xs" tone="muted" weight={400}>
                  {positions(shipment)}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{shipment.date}</Table.Td>
              <Table.Td>
                {shipment.buyer}
                {shipment.buyer_inn ? (
                  <Text size="xs" tone="muted">
                    ИНН {shipment.buyer_inn}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{orders(shipment).map(orderLabel).join(', ')}</Table.Td>
              <Table.Td align="right" style={{ whiteSpace: 'nowrap' }}>
                <Text weight={600} size="sm">
                  {formatRoubles(shipment.total)}
                </Text>
                <Text size="xs" tone="muted">
                  {vatText(shipment)}
                </Text>
                <Corrections shipment={shipment} />
              </Table.Td>
              <Table.Td>
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  <DownloadUpd shipment={shipment} format="pdf" compact />
                  <DownloadUpd shipment={shipment} format="xml" compact />
                </Group>
                <Box className={classes.returnCell}>
                  <ShipmentReturn shipment={shipment} />
                </Box>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Cards({ shipments }: { shipments: Shipment[] }) {
  return (
    <Stack gap="sm" role="list" aria-label="Документы">
      {shipments.map((shipment) => (
        <Card key={shipment.id} withBorder padding="sm" radius="sm" role="listitem" data-shipment-id={shipment.id}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Stack gap={2}>
              <Text weight={600}>УПД № {shipment.number}</Text>
              <Text size="sm" tone="muted">
                {shipment.date} · {positions(shipment)}
              </Text>
              <Text size="sm">{orders(shipment).map(orderLabel).join(', ')}</Text>
            </Stack>
            <Stack gap={4} align="flex-end">
              <Text weight={700} style={{ whiteSpace: 'nowrap' }}>
                {formatRoubles(shipment.total)}
              </Text>
              <Badge variant="light" color={shipment.status === 1 ? 'blue' : 'gray'}>
                {vatText(shipment)}
              </Badge>
            </Stack>
          </Group>
          <Text size="sm" className={classes.buyer}>
            {shipment.buyer}
            {shipment.buyer_inn ? `, ИНН ${shipment.buyer_inn}` : ''}
          </Text>
          <Corrections shipment={shipment} />
          <Group gap="xs" justify="space-between" align="flex-start" className={classes.cardActions}>
            <ShipmentReturn shipment={shipment} />
            <Group gap="xs" justify="flex-end" className={classes.downloads}>
              <DownloadUpd shipment={shipment} format="pdf" />
              <DownloadUpd shipment={shipment} format="xml" />
            </Group>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/** A table from md up, cards below (both rendered on the server; CSS shows one). */
export function ShipmentDocuments({ shipments }: { shipments: Shipment[] }) {
  return (
    <>
      <Box className={frame.wide}>
        <WideTable shipments={shipments} />
      </Box>
      <Box className={frame.narrow}>
        <Cards shipments={shipments} />
      </Box>
    </>
  );
}
