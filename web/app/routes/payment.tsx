import { Alert, Anchor, Card, List, NativeSelect, SimpleGrid, Stack, Text, Title } from '../ui/index.ts';
import { Link, useNavigate } from 'react-router';
import { formatRoubles, pluralRu } from '@detal/contract/browser';
import type { Bill } from '@detal/contract';
import type { Route } from './+types/payment';
import { PaymentQrCard } from '../features/bills/PaymentQrCard.tsx';
import { PaymentRequisites } from '../features/bills/PaymentRequisites.tsx';
import { withSession } from '../features/clients/session.server.ts';
import { PageIntro } from '../components/PageIntro.tsx';
import { enforceAccess } from '../lib/access.ts';
import type { AccessHandle } from '../lib/access.ts';
import { isApiError } from '../lib/api/errors.ts';
import { pageMeta } from '../lib/meta.ts';
import { paths } from '../paths.ts';
import classes from '../features/bills/bills.module.css';

export const handle = { access: 'session' } satisfies AccessHandle;

/** The bills awaiting payment the chooser offers (newest first). */
const CHOOSER_LIMIT = 100;

const billParam = (request: Request): number | null => {
  const raw = new URL(request.url).searchParams.get('bill');
  return raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
};

export async function loader({ request, context }: Route.LoaderArgs) {
  enforceAccess(request, handle);
  const billId = billParam(request);
  return withSession(request, context, async (api) => {
    const awaiting = api.callShop('client-bill-all-post', {
      query: { page: 1 },
      body: { paid: false, per_page: CHOOSER_LIMIT },
      signal: request.signal,
    });
    const payment = async () => {
      try {
        return {
          payment: await api.callShop('client-bill-payment-post', { body: { billId }, signal: request.signal }),
          missing: false,
        };
      } catch (error) {
        // Someone else's or an unknown bill: the page still tells how to pay, and says the bill was not found.
        if (!isApiError(error) || error.status !== 404) throw error;
        return {
          payment: await api.callShop('client-bill-payment-post', { body: {}, signal: request.signal }),
          missing: true,
        };
      }
    };
    const [{ payment: details, missing }, awaitingList] = await Promise.all([payment(), awaiting]);
    return { details, missing, requested: billId, awaiting: awaitingList.data };
  });
}

export const meta: Route.MetaFunction = () =>
  pageMeta('Оплата', 'Как оплатить заказ: реквизиты, QR-код и порядок оплаты.');

function BillChooser({ bills, chosen }: { bills: Bill[]; chosen: number | null }) {
  const navigate = useNavigate();
  if (bills.length === 0) return <Text tone="muted">Счетов, ожидающих оплаты, нет.</Text>;
  return (
    <NativeSelect
      label="Счёт для оплаты"
      value={chosen === null ? '' : String(chosen)}
      onChange={(event) =>
        navigate(event.currentTarget.value ? `/payment?bill=${event.currentTarget.value}` : '/payment')
      }
      data={[
        { value: '', label: 'Выберите счёт' },
        ...bills.map((bill) => ({
          value: String(bill.id),
          label: `Счёт № ${bill.id} — ${formatRoubles(bill.price_sum)}`,
        })),
      ]}
      className={classes.billChoice}
    />
  );
}

export default function PaymentPage({ loaderData }: Route.ComponentProps) {
  const { details, missing, requested, awaiting } = loaderData;
  const { requisites, vat_rate: vatRate, payment_term_days: termDays, bill } = details;
  const days = `${termDays} ${pluralRu(termDays, 'дня', 'дней', 'дней')}`;
  return (
    <>
      <PageIntro title="Оплата">
        Заказы оплачиваются банковским переводом по счёту: по реквизитам или по QR-коду в приложении банка.
      </PageIntro>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Stack gap="md">
          <Title order={2} size="section">
            Оплата по QR-коду
          </Title>
          {missing ? (
            <Alert color="red" title="Счёт не найден">
              Счёта № {requested} нет среди ваших счетов. Выберите счёт из списка.
            </Alert>
          ) : null}
          <BillChooser bills={awaiting} chosen={bill?.id ?? null} />
          {bill ? (
            <PaymentQrCard bill={bill} />
          ) : (
            <Text size="sm" tone="muted">
              Выберите счёт — здесь появится QR-код с суммой и назначением платежа. Все счета — в разделе{' '}
              <Anchor component={Link} to={paths.bills()}>
                «Счета»
              </Anchor>
              .
            </Text>
          )}
          <Title order={2} size="section" className={classes.howTo}>
            Как оплатить
          </Title>
          <List type="ordered" spacing={6} size="sm">
            <List.Item>
              Откройте раздел{' '}
              <Anchor component={Link} to={paths.bills()}>
                «Счета»
              </Anchor>{' '}
              и скачайте счёт в PDF — на каждый заказ выставляется свой счёт.
            </List.Item>
            <List.Item>
              Оплатите счёт переводом с расчётного счёта организации или с карты: по реквизитам или по QR-коду в
              приложении банка.
            </List.Item>
            <List.Item>
              В назначении платежа укажите номер и дату счёта, например «Оплата по счёту № 12 от 01.03.2025».
            </List.Item>
            <List.Item>Оплатите счёт в течение {days} с даты счёта: срок указан в самом счёте.</List.Item>
          </List>
          <Title order={2} size="section" className={classes.howTo}>
            Что происходит после оплаты
          </Title>
          <List spacing={6} size="sm">
            <List.Item>Перевод поступает на счёт магазина обычно за 1–3 банковских дня.</List.Item>
            <List.Item>
              Когда деньги поступят, магазин отметит счёт оплаченным: в разделе «Счета» статус сменится с «Ждем оплаты»
              на «Оплачен».
            </List.Item>
            <List.Item>
              Заказ уходит в работу: его статус и сроки видны в разделе{' '}
              <Anchor component={Link} to={paths.orders()}>
                «Заказы»
              </Anchor>
              .
            </List.Item>
            <List.Item>Закрывающие документы передаются вместе с товаром.</List.Item>
          </List>
        </Stack>
        <Stack gap="md">
          <Title order={2} size="section">
            Реквизиты для оплаты
          </Title>
          <Card withBorder padding="sm" radius="sm">
            <PaymentRequisites requisites={requisites} />
          </Card>
          <Text size="sm" tone="muted">
            {vatRate === null ? 'НДС не облагается.' : `Цены включают НДС ${String(vatRate).replace('.', ',')}%.`}
          </Text>
        </Stack>
      </SimpleGrid>
    </>
  );
}
