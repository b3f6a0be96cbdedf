import { orderLabel } from '@detal/contract/browser';
import type { Route } from './+types/order';
import { withSession } from '../features/clients/session.server.ts';
import { OrderDetail } from '../features/orders/OrderDetail.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import { enforceAccess } from '../lib/access.ts';
import type { AccessHandle } from '../lib/access.ts';
import { pageMeta } from '../lib/meta.ts';
import { notFound, orNotFound } from '../lib/not-found.ts';

export const handle = { access: 'session' } satisfies AccessHandle;

/** The query parameter checkout adds on its way here, to show the confirmation once. */
export const JUST_PLACED_PARAM = 'created';

// An order number the database can hold (int4); anything else names no order.
const ORDER_ID = /^[1-9]\d{0,9}$/;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  enforceAccess(request, handle);
  if (!ORDER_ID.test(params.id) || Number(params.id) > 2_147_483_647) notFound();
  // Another client's order is a 404 from the API, and so a 404 page: it never says whose it is.
  const order = await withSession(request, context, (api) =>
    orNotFound(api.callShop('show-client-order-post', { body: { id: Number(params.id) }, signal: request.signal })),
  );
  return { order, justPlaced: new URL(request.url).searchParams.get(JUST_PLACED_PARAM) === '1' };
}

export const meta: Route.MetaFunction = ({ params }) =>
  pageMeta(orderLabel(params.id), `${orderLabel(params.id)}: состав, статус и доставка.`);

export default function OrderPage({ loaderData }: Route.ComponentProps) {
  const { order, justPlaced } = loaderData;
  return (
    <>
      <PageIntro title={orderLabel(order.id)}>Состав заказа, статусы позиций, доставка и счёт на оплату.</PageIntro>
      <OrderDetail order={order} justPlaced={justPlaced} />
    </>
  );
}
