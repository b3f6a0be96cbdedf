import { Link, useActionData, useFetcher } from 'react-router';
import { CANCEL_AT_ONCE_STATUSES, CANCEL_BY_REQUEST_STATUSES } from '@detal/contract/browser';
import type { CancelRequest, OrderLine } from '@detal/contract';
import { Anchor, Button, Stack, Text, Textarea } from '../../ui/index.ts';
import { paths } from '../../paths.ts';
import type { CancelResult } from './cancel-action.server.ts';
import type { IssuedLine } from './order-returns.server.ts';
import classes from './Returns.module.css';

const cancelKey = (lineId: number) => `cancel-line-${lineId}`;
const atOnce = (line: OrderLine) => (CANCEL_AT_ONCE_STATUSES as readonly string[]).includes(line.status);
const byRequest = (line: OrderLine) => (CANCEL_BY_REQUEST_STATUSES as readonly string[]).includes(line.status);

/** The newest cancel request of the line, as the client reads it: waiting, refused with the reason, or approved. */
function RequestState({ request }: { request: CancelRequest }) {
  const tone = request.state === 'rejected' ? 'error' : request.state === 'requested' ? 'warning' : undefined;
  return (
    <Text size="xs" tone={tone} data-testid="cancel-request-state">
      Запрос на отмену: {request.state_name.toLowerCase()}
      {request.state === 'rejected' && request.decision_reason ? `. Причина: ${request.decision_reason}` : ''}
    </Text>
  );
}

/** The cancel, opened in place (a disclosure works without scripts) and confirmed by its own button. */
function CancelForm({ orderId, line, refusal }: { orderId: number; line: OrderLine; refusal: string | null }) {
  // The line's key: LineActions reads the same fetcher's result, which outlives this form.
  const fetcher = useFetcher<CancelResult>({ key: cancelKey(line.id) });
  const busy = fetcher.state !== 'idle';
  const label = `${line.brand_name} ${line.article}`;
  return (
    <details className={classes.cancel} open={refusal !== null || undefined}>
      <summary aria-label={`Отменить позицию ${label}`}>Отменить</summary>
      <fetcher.Form method="post" action={paths.order(orderId)} className={classes.cancelForm}>
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="order_item_id" value={line.id} />
        <Text size="xs">
          {atOnce(line)
            ? 'Позиция ещё не заказана у поставщика: она будет отменена сразу.'
            : 'Позиция уже заказана у поставщика: отмену рассмотрит менеджер, о решении мы сообщим по e-mail.'}
        </Text>
        <Textarea name="comment" label="Комментарий (необязательно)" size="xs" minRows={2} maxLength={500} />
        {refusal ? (
          <Text size="xs" tone="error" role="alert">
            {refusal}
          </Text>
        ) : null}
        <Button type="submit" color="red" variant="light" size="compact-sm" loading={busy}>
          {atOnce(line) ? 'Отменить позицию' : 'Запросить отмену'}
        </Button>
      </fetcher.Form>
    </details>
  );
}

/**
 * What a client can do with a placed line beside its status (issue 32): cancel it (at once, or ask a manager), see
 * the cancel request's outcome, and return an issued line.
 */
export function LineActions({
  orderId,
  line,
  request,
  issued,
}: {
  orderId: number;
  line: OrderLine;
  request: CancelRequest | undefined;
  issued: IssuedLine[];
}) {
  const fetcher = useFetcher<CancelResult>({ key: cancelKey(line.id) });
  const posted = useActionData<CancelResult | undefined>();
  const result = [fetcher.data, posted].find((data) => data?.intent === 'cancel' && data.lineId === line.id) ?? null;
  const open = request?.state === 'requested';
  const cancelable = (atOnce(line) || (byRequest(line) && !open)) && result?.outcome !== 'requested';
  return (
    <Stack gap={2} className={classes.lineActions} data-testid={`line-actions-${line.id}`}>
      {result && result.outcome !== 'refused' ? (
        <Text size="xs" tone="strong" role="status">
          {result.message}
          {result.outcome === 'requested' ? '. О решении мы сообщим по e-mail.' : '.'}
        </Text>
      ) : null}
      {request && !(result?.outcome === 'requested') ? <RequestState request={request} /> : null}
      {cancelable ? (
        <CancelForm orderId={orderId} line={line} refusal={result?.outcome === 'refused' ? result.message : null} />
      ) : null}
      {issued.map((shipmentLine) => (
        <Anchor
          key={shipmentLine.id}
          component={Link}
          to={paths.returnCreate(orderId, shipmentLine.id)}
          size="sm"
          aria-label={`Вернуть ${line.brand_name} ${line.article}${issued.length > 1 ? `, выдано по УПД № ${shipmentLine.shipment_number}` : ''}`}
        >
          {issued.length > 1 ? `Вернуть (УПД № ${shipmentLine.shipment_number})` : 'Вернуть'}
        </Anchor>
      ))}
    </Stack>
  );
}
