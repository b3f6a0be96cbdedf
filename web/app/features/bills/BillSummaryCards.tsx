import { Card, Progress, SimpleGrid, Stack, Text } from '../../ui/index.ts';
import { formatRoubles, pluralRu } from '@detal/contract/browser';
import type { BillSummary } from '@detal/contract';
import classes from './bills.module.css';

const billsCount = (count: number) => `${count} ${pluralRu(count, 'счёт', 'счёта', 'счетов')}`;

function SummaryCard({ title, count, sum, sumClass }: { title: string; count: number; sum: number; sumClass: string }) {
  return (
    <Card withBorder padding="md" radius="sm" role="group" aria-label={title}>
      <Stack gap={4}>
        <Text size="sm" tone="muted" weight={500}>
          {title}
        </Text>
        <Text weight={700} className={`${classes.sum} ${sumClass}`}>
          {formatRoubles(sum)}
        </Text>
        <Text size="sm" tone="muted">
          {billsCount(count)}
        </Text>
      </Stack>
    </Card>
  );
}

/** Billed, paid and awaiting payment, with the paid share of the billed sum. */
export function BillSummaryCards({ summary }: { summary: BillSummary }) {
  const { total, paid, awaiting } = summary;
  // A share for a bar, not money arithmetic: rounding to whole percent is all it shows.
  const paidShare = total.sum > 0 ? Math.round((paid.sum / total.sum) * 100) : 0;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
        <SummaryCard title="Выставлено" count={total.count} sum={total.sum} sumClass={classes.billed!} />
        <SummaryCard title="Оплачено" count={paid.count} sum={paid.sum} sumClass={classes.paid!} />
        <SummaryCard title="Ждут оплаты" count={awaiting.count} sum={awaiting.sum} sumClass={classes.awaiting!} />
      </SimpleGrid>
      {total.count > 0 ? (
        <Stack gap={4}>
          <Progress
            value={paidShare}
            color="green.7"
            size="md"
            radius="sm"
            aria-label={`Оплачено ${paidShare}% суммы счетов`}
          />
          <Text size="xs" tone="muted">
            Оплачено {paidShare}% выставленной суммы
          </Text>
        </Stack>
      ) : null}
    </Stack>
  );
}
