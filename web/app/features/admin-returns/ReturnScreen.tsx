import type { ReactNode } from 'react';
import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useFetcher } from 'react-router';
import { ADMIN_API_PREFIX, correctionPdfFileName, formatDateTime, formatRoubles } from '@detal/contract/browser';
import type { Return } from '@detal/contract';
import { download } from '../../lib/api/index.ts';
import { paths } from '../../paths.ts';
import {
  CloseForm,
  CreditForm,
  DecideForm,
  ReceiveForm,
  RefundForm,
  StepResult,
  type StepFetcher,
} from './ReturnForms.tsx';
import type { ReturnActionResult } from './returns-actions.ts';
import { ReturnStateBadge } from './ReturnsQueue.tsx';
import classes from './Returns.module.css';

/** A photo's address for an `<img>`: the staff endpoint, the cookie goes along. */
export const returnPhotoSrc = (photoId: number) => `${ADMIN_API_PREFIX}return-photo?photo_id=${photoId}`;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text fz="xs" c="gray.7">
        {label}
      </Text>
      <Text fz="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

/** The printed УКД of the credit, as the shipments' screen gives it. */
export function CorrectionDownload({ correctionId }: { correctionId: number }) {
  return (
    <Button
      size="compact-xs"
      variant="light"
      onClick={() =>
        void download(
          'api:admin/shipment-correction-download',
          { correction_id: correctionId },
          correctionPdfFileName(correctionId),
        ).catch(() => {
          // Reported by the request layer's error notification.
        })
      }
      aria-label={`Печать УКД № ${correctionId}`}
    >
      УКД № {correctionId} (PDF)
    </Button>
  );
}

/** The step the return waits for, as its form; none once closed or rejected. */
function NextStep({ item, fetcher }: { item: Return; fetcher: StepFetcher }) {
  switch (item.state) {
    case 'requested':
      return <DecideForm item={item} fetcher={fetcher} />;
    case 'approved':
      return <ReceiveForm item={item} fetcher={fetcher} />;
    case 'received':
      return <CreditForm item={item} fetcher={fetcher} />;
    case 'credited':
      return (
        <Stack gap="sm">
          {item.refunded_amount < (item.credit_amount ?? 0) && <RefundForm item={item} fetcher={fetcher} />}
          <CloseForm item={item} fetcher={fetcher} />
        </Stack>
      );
    default:
      return null;
  }
}

/**
 * One return (issue 32): who asked, for which line of which shipment and order, why, the photos (opened full size
 * in a new tab), what came back, the credit with its УКД, refunds; the step it waits for as a form.
 */
export function ReturnScreen({ item, supplierName }: { item: Return; supplierName: string | null }) {
  // One fetcher for every step: a step's answer stays shown when the reload brings the next step's form.
  const fetcher = useFetcher<ReturnActionResult>();
  const pieces = item.good_quantity === null ? null : item.good_quantity + (item.defective_quantity ?? 0);
  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Anchor component={Link} to={paths.adminReturns()} fz="sm">
          ← Возвраты
        </Anchor>
        <Group gap="xs">
          <Title order={1} fz="h3">
            Возврат № {item.id}
          </Title>
          <ReturnStateBadge state={item.state} name={item.state_name} />
        </Group>
        <Text fz="xs" c="gray.7">
          Заявка от {formatDateTime(item.created_at)}
        </Text>
      </Stack>
      <Paper withBorder p="sm">
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" verticalSpacing="xs" className={classes.numbers}>
          <Field label="Клиент">
            <Link to={paths.adminClient(item.client_id)}>Клиент № {item.client_id}</Link>
          </Field>
          <Field label="Заказ">
            <Link to={paths.adminOrder(item.order_id)}>№ {item.order_id}</Link>
          </Field>
          <Field label="Отгрузка">
            <Link to={paths.adminShipments(`client=${item.client_id}`)}>УПД № {item.shipment_id}</Link>
          </Field>
          <Field label="Поставщик">{supplierName ?? '—'}</Field>
          <Field label="Позиция">
            <Text fz="sm" fw={600} span>
              {item.brand} {item.article}
            </Text>{' '}
            <Text fz="xs" c="gray.7" span>
              {item.description}
            </Text>
          </Field>
          <Field label="Количество и цена">
            {item.quantity} шт. × {formatRoubles(item.price)} = {formatRoubles(item.quantity * item.price)}
          </Field>
          <Field label="Причина">{item.reason_name}</Field>
          <Field label="Комментарий клиента">{item.comment || '—'}</Field>
          {item.decision_reason && <Field label="Причина отказа">{item.decision_reason}</Field>}
          {pieces !== null && (
            <Field label="Принято">
              <span data-testid="received">
                годных {item.good_quantity} шт., брак {item.defective_quantity ?? 0} шт.
              </span>
            </Field>
          )}
          {item.credit_amount !== null && (
            <Field label="Зачтено клиенту">
              <Text fw={700} span data-testid="credit-amount">
                {formatRoubles(item.credit_amount)}
              </Text>
              {item.refunded_amount > 0 && <> · выплачено {formatRoubles(item.refunded_amount)}</>}
            </Field>
          )}
          {item.correction_id !== null && (
            <Field label="Корректировка">
              <CorrectionDownload correctionId={item.correction_id} />
            </Field>
          )}
          {item.supplier_return_id !== null && (
            <Field label="Возврат поставщику">
              <Link to={`${paths.adminSupplierReturns()}#supplier-return-${item.supplier_return_id}`}>
                № {item.supplier_return_id}
              </Link>
            </Field>
          )}
        </SimpleGrid>
      </Paper>
      <Stack gap={4}>
        <Title order={2} fz="h5">
          Фотографии ({item.photos.length})
        </Title>
        {item.photos.length === 0 ? (
          <Text fz="sm" c="gray.7">
            Клиент не приложил фотографий
          </Text>
        ) : (
          <Group gap="xs" data-testid="return-photos">
            {item.photos.map((photo, index) => (
              <a key={photo.id} href={returnPhotoSrc(photo.id)} target="_blank" rel="noreferrer">
                <img
                  src={returnPhotoSrc(photo.id)}
                  alt={`Фотография ${index + 1} к возврату № ${item.id}`}
                  className={classes.photo}
                  loading="lazy"
                />
              </a>
            ))}
          </Group>
        )}
      </Stack>
      <Paper withBorder p="sm">
        <NextStep item={item} fetcher={fetcher} />
        <StepResult fetcher={fetcher} />
        {(item.state === 'closed' || item.state === 'rejected') && (
          <Text fz="sm" c="gray.7">
            {item.state === 'closed' ? 'Возврат закрыт' : 'Заявка отклонена'}: действий больше нет
          </Text>
        )}
      </Paper>
    </Stack>
  );
}

/** An order line's returns on the order's screen: each a link to its return, with its state. */
export function LineReturns({ returns }: { returns: Return[] }) {
  if (returns.length === 0) return null;
  return (
    <Group gap={4} wrap="wrap" data-testid="line-returns">
      {returns.map((item) => (
        <Anchor key={item.id} component={Link} to={paths.adminReturn(item.id)} fz="xs">
          Возврат № {item.id}, {item.quantity} шт. · {item.state_name}
        </Anchor>
      ))}
    </Group>
  );
}
