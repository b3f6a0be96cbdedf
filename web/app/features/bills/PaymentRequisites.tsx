import { ActionIcon, CopyButton, Group, Table, Text, Tooltip } from '../../ui/index.ts';
import type { ShopRequisites } from '@detal/contract';
import { CheckIcon, CopyIcon } from '../../components/icons.tsx';
import classes from './bills.module.css';

const ROWS: Array<[keyof ShopRequisites, string]> = [
  ['name', 'Получатель'],
  ['inn', 'ИНН'],
  ['kpp', 'КПП'],
  ['settlement_account', 'Расчётный счёт'],
  ['bank_name', 'Банк'],
  ['bik', 'БИК'],
  ['correspondent_account', 'Корр. счёт'],
  ['address', 'Адрес'],
];

/** The shop's requisites for a bank transfer, each with a copy button (accounts are long and easy to mistype). */
export function PaymentRequisites({ requisites }: { requisites: ShopRequisites }) {
  return (
    <Table verticalSpacing={6} horizontalSpacing="xs" withRowBorders aria-label="Реквизиты для оплаты" layout="fixed">
      <Table.Tbody>
        {ROWS.map(([field, label]) => (
          <Table.Tr key={field}>
            <Table.Th weight={500} className={classes.requisiteName}>
              {label}
            </Table.Th>
            <Table.Td>
              <Group gap={4} wrap="nowrap" justify="space-between" align="flex-start">
                <Text
                  size="sm"
                  weight={field === 'settlement_account' ? 600 : undefined}
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {requisites[field] || '—'}
                </Text>
                {requisites[field] ? (
                  <CopyButton value={requisites[field]} timeout={1500}>
                    {({ copied, copy }) => (
                      <Tooltip label={copied ? 'Скопировано' : 'Скопировать'} withArrow>
                        <ActionIcon
                          variant="subtle"
                          color={copied ? 'green' : 'gray'}
                          size="sm"
                          onClick={copy}
                          aria-label={`Скопировать: ${label}`}
                        >
                          {copied ? <CheckIcon /> : <CopyIcon />}
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </CopyButton>
                ) : null}
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
