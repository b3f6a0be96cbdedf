import { Anchor, Card, Group, Image, Stack, Text } from '../../ui/index.ts';
import { Link } from 'react-router';
import { formatDate, formatRoubles, orderLabel } from '@detal/contract/browser';
import type { BillPayment } from '@detal/contract';
import { BillStatusBadge } from './BillStatusBadge.tsx';
import { DownloadBillButton } from './DownloadBillButton.tsx';
import { paths } from '../../paths.ts';
import classes from './bills.module.css';

type PayableBill = NonNullable<BillPayment['bill']>;

/** The chosen bill: its sum, purpose and deadline, and the QR code a banking app scans to fill in the transfer. */
export function PaymentQrCard({ bill }: { bill: PayableBill }) {
  const qrSource = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(bill.qr_svg)}`;
  return (
    <Card withBorder padding="md" radius="sm" aria-label={`Оплата счёта № ${bill.id}`}>
      <Group align="flex-start" gap="md" wrap="wrap">
        <Image
          src={qrSource}
          alt={`QR-код для оплаты счёта № ${bill.id} в приложении банка`}
          className={classes.qr}
          fit="contain"
          style={{ imageRendering: 'pixelated', flexShrink: 0 }}
        />
        <Stack gap={6} style={{ flex: '1 1 220px' }}>
          <Group gap="xs">
            <Text weight={700} size="lg">
              Счёт № {bill.id}
            </Text>
            <BillStatusBadge paid={bill.paid} />
          </Group>
          <Text size="sm">
            К оплате:{' '}
            <Text span weight={700} style={{ whiteSpace: 'nowrap' }}>
              {formatRoubles(bill.price_sum)}
            </Text>
          </Text>
          <Text size="sm">
            Назначение платежа:{' '}
            <Text span weight={600}>
              {bill.purpose}
            </Text>
          </Text>
          {bill.paid ? null : <Text size="sm">Оплатить не позднее {formatDate(bill.pay_until)}</Text>}
          <Anchor component={Link} to={paths.order(bill.clients_shops_orders_id)} size="sm">
            {orderLabel(bill.clients_shops_orders_id)}
          </Anchor>
          <Group gap="sm" className={classes.qrActions}>
            <DownloadBillButton billId={bill.id} />
          </Group>
          <Text size="xs" tone="muted">
            Наведите камеру в приложении банка на QR-код: получатель, сумма и назначение платежа заполнятся сами.
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}
