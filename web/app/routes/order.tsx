import { orderLabel } from '@detal/contract/browser';
import type { Route } from './+types/order';
import { withSession } from '../features/clients/session.server.ts';
import { OrderDetail } from '../features/orders/OrderDetail.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import { enforceAccess } from '../lib/access.ts';
import type { AccessHandle } from '../lib/access.ts';
import { pageMeta } from '../lib/meta.ts';
import { notFound, orNotFound } from '../lib/not-found.ts';
import { cancelLineAction } from '../features/returns/cancel-action.server.ts';
import { LineActions } from '../features/returns/LineActions.tsx';
import { loadOrderReturns } from '../features/returns/order-returns.server.ts';

export const handle = { access: 'session' } satisfies AccessHandle;

/** The query parameter checkout adds on its way here, to show the confirmation once. */
export const JUST_PLACED_PARAM = 'created';

// An order number the database can hold (int4); anything else names no order.
const ORDER_ID = /^[1-9]\d{0,9}$/;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  enforceAccess(request, handle);
  if (!ORDER_ID.test(params.id) || Number(params.id) > 2_147_483_647) notFound();
  // Another client's order is a 404 from the API, and so a 404 page: it never says whose it is.
  const { order, returns } = await withSession(request, context, async (api) => {
    const found = await orNotFound(
      api.callShop('show-client-order-post', { body: { id: Number(params.id) }, signal: request.signal }),
    );
    // Cancel requests and shipments add to the page: when they cannot be read, the order still shows.
    const beside = await loadOrderReturns(api, found, request.signal).catch(() => null);
    return { order: found, returns: beside };
  });
  return { order, returns, justPlaced: new URL(request.url).searchParams.get(JUST_PLACED_PARAM) === '1' };
}

/** A line's cancel (issue 32), posted by its form with or without scripts. */
export async function action({ request, context }: Route.ActionArgs) {
  enforceAccess(request, handle);
  return cancelLineAction(request, context);
}

export const meta: Route.MetaFunction = ({ params }) =>
  pageMeta(orderLabel(params.id), `${orderLabel(params.id)}: состав, статус и доставка.`);

export default function OrderPage({ loaderData }: Route.ComponentProps) {
  const { order, returns, justPlaced } = loaderData;
  return (
    <>
      <PageIntro title={orderLabel(order.id)}>Состав заказа, статусы позиций, доставка и счёт на оплату.</PageIntro>
      <OrderDetail
        order={order}
        justPlaced={justPlaced}
        lineActions={(line) => (
          <LineActions
            orderId={order.id}
            line={line}
            request={returns?.cancelRequests[line.id]}
            issued={returns?.issued[line.id] ?? []}
          />
        )}
      />
    </>
  );
}
