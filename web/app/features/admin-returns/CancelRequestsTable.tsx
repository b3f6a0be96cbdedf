import { Badge, NativeSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import { Link, useFetcher } from 'react-router';
import { formatDateTime } from '@detal/contract/browser';
import type { CancelRequest, CancelRequestListItem, CancelRequestState } from '@detal/contract';
import { paths } from '../../paths.ts';
import { DenseTable } from '../admin-shell/DenseList.tsx';
import { SubmitButton } from '../admin-shell/SubmitButton.tsx';
import { Intent } from './ReturnForms.tsx';
import { WriteOutcome, fieldError } from '../admin-shell/WriteOutcome.tsx';
import type { ReturnActionResult } from './returns-actions.ts';
import classes from './Returns.module.css';
import cards from './ReturnCards.module.css';
import { ClientLink } from './ReturnsQueue.tsx';

const STATE_COLORS: Record<CancelRequestState, string> = { requested: 'orange', approved: 'green', rejected: 'gray' };

/** Approve (the line is canceled) or reject with a reason; the first manager's decision stands. */
function CancelDecideForm({ request }: { request: CancelRequest }) {
  const fetcher = useFetcher<ReturnActionResult>();
  return (
    <fetcher.Form method="post" aria-label={`Решение по запросу № ${request.id}`} noValidate>
      <Intent value="cancel-decide" />
      <input type="hidden" name="request_id" value={request.id} />
      <Stack gap={4} w={180}>
        <NativeSelect
          name="decision"
          aria-label="Решение"
          data={[
            { value: 'approve', label: 'Отменить позицию' },
            { value: 'reject', label: 'Отказать' },
          ]}
          size="xs"
        />
        <TextInput
          name="reason"
          aria-label="Причина отказа"
          placeholder="причина отказа"
          size="xs"
          error={fieldError(fetcher.data, 'reason')}
        />
        <SubmitButton size="xs" loading={fetcher.state !== 'idle'}>
          Записать
        </SubmitButton>
      </Stack>
      <WriteOutcome result={fetcher.data} text="Решение записано" shown={['reason']} />
    </fetcher.Form>
  );
}

/**
 * Cancel requests of lines already ordered from a supplier (issue 32): the line, the client's comment, and for an
 * open one the decision; a decided one says how, and whether the line left a draft supplier order.
 */
export function CancelRequestsTable({ requests }: { requests: CancelRequestListItem[] }) {
  if (requests.length === 0) {
    return (
      <Text fz="sm" c="gray.7">
        Запросов нет
      </Text>
    );
  }
  return (
    <DenseTable
      label={null}
      minWidth={700}
      frameClassName={cards.frame}
      striped={false}
      highlightOnHover={false}
      className={`${cards.cards} ${cards.cancels}`}
      data-testid="cancel-requests"
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Запрос</Table.Th>
          <Table.Th>Клиент</Table.Th>
          <Table.Th>Заказ</Table.Th>
          <Table.Th>Позиция</Table.Th>
          <Table.Th ta="right">Шт.</Table.Th>
          <Table.Th>Комментарий</Table.Th>
          <Table.Th>Решение</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {requests.map((request) => (
          <Table.Tr key={request.id} data-request-id={request.id}>
            <Table.Td className={`${classes.nowrap} ${cards.id}`}>
              № {request.id}
              <Text fz={10} c="gray.7">
                {formatDateTime(request.created_at)}
              </Text>
            </Table.Td>
            <Table.Td maw={130} className={cards.client}>
              <ClientLink id={request.client_id} name={request.client_name} />
            </Table.Td>
            <Table.Td className={`${classes.nowrap} ${cards.order} ${cards.labelled} ${cards.end}`} data-label="Заказ">
              <Link to={paths.adminOrder(request.order_id)}>№ {request.order_id}</Link>
            </Table.Td>
            <Table.Td className={`${classes.nowrap} ${cards.part}`} fw={600}>
              {request.brand} {request.article}
            </Table.Td>
            <Table.Td ta="right" className={`${cards.qty} ${cards.pieces} ${cards.end}`}>
              {request.quantity}
            </Table.Td>
            <Table.Td maw={140} className={cards.comment}>
              <Text fz="xs" lineClamp={2} title={request.comment}>
                {request.comment || '—'}
              </Text>
            </Table.Td>
            <Table.Td miw={180} className={cards.decide}>
              {request.state === 'requested' ? (
                <CancelDecideForm request={request} />
              ) : (
                <>
                  <Badge color={STATE_COLORS[request.state]} variant="light" size="sm" radius="sm" tt="none">
                    {request.state_name}
                  </Badge>
                  {request.decision_reason && (
                    <Text fz={10} c="gray.7">
                      {request.decision_reason}
                    </Text>
                  )}
                  {request.state === 'approved' && (
                    <Text fz={10} c="gray.7">
                      {request.withdrawn_from_supplier_order
                        ? 'снята с черновика заказа поставщику'
                        : 'заказ поставщику уже отправлен: сообщите поставщику'}
                    </Text>
                  )}
                </>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </DenseTable>
  );
}
