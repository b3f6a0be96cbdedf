import { ActionIcon, CopyButton, Group, Table, Text, Tooltip } from '@mantine/core';
import type { ShopRequisites } from '@detal/contract';

const iconProps = { width: 14, height: 14, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, 'aria-hidden': true } as const;

const CopyIcon = () => (
  <svg {...iconProps}>
    <rect x="9" y="9" width="13" height="13" rx="2" />
    <path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1" />
  </svg>
);

const CheckIcon = () => (
  <svg {...iconProps}>
    <polyline points="20 6 9 17 4 12" />
  </svg>
);

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
            <Table.Th w={{ base: 110, sm: 150 }} fw={500} c="gray.7" style={{ verticalAlign: 'top' }}>
              {label}
            </Table.Th>
            <Table.Td>
              <Group gap={4} wrap="nowrap" justify="space-between" align="flex-start">
                <Text size="sm" fw={field === 'settlement_account' ? 600 : undefined} style={{ overflowWrap: 'anywhere' }}>
                  {requisites[field] || '—'}
                </Text>
                {requisites[field] ? (
                  <CopyButton value={requisites[field]} timeout={1500}>
                    {({ copied, copy }) => (
                      <Tooltip label={copied ? 'Скопировано' : 'Скопировать'} withArrow>
                        <ActionIcon variant="subtle" color={copied ? 'green' : 'gray'} size="sm" onClick={copy} aria-label={`Скопировать: ${label}`}>
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
