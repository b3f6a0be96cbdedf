import type { Route } from './+types/return-create';
import { AccountTabs } from '../features/clients/AccountTabs.tsx';
import { withSession } from '../features/clients/session.server.ts';
import { findIssuedLine } from '../features/returns/order-returns.server.ts';
import { returnCreateAction } from '../features/returns/return-action.server.ts';
import { ReturnForm } from '../features/returns/ReturnForm.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import { enforceAccess } from '../lib/access.ts';
import type { AccessHandle } from '../lib/access.ts';
import { pageMeta } from '../lib/meta.ts';
import { notFound, orNotFound } from '../lib/not-found.ts';

export const handle = { access: 'session' } satisfies AccessHandle;

// An id the database can hold (int4); anything else names nothing.
const ID = /^[1-9]\d{0,9}$/;
const idParam = (request: Request, name: string): number => {
  const value = new URL(request.url).searchParams.get(name) ?? '';
  if (!ID.test(value) || Number(value) > 2_147_483_647) notFound();
  return Number(value);
};

/** The order's shipment line to return (`?order=&line=`): another client's, or none, is the 404 page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  enforceAccess(request, handle);
  const orderId = idParam(request, 'order');
  const lineId = idParam(request, 'line');
  const line = await withSession(request, context, async (api) => {
    const order = await orNotFound(
      api.callShop('show-client-order-post', { body: { id: orderId }, signal: request.signal }),
    );
    return findIssuedLine(api, order, lineId, request.signal);
  });
  if (!line) notFound();
  return { orderId, line };
}

export async function action({ request, context }: Route.ActionArgs) {
  enforceAccess(request, handle);
  return returnCreateAction(request, context, idParam(request, 'line'));
}

export const meta: Route.MetaFunction = () => pageMeta('Возврат товара', 'Заявка на возврат полученного товара.');

export default function ReturnCreatePage({ loaderData, actionData }: Route.ComponentProps) {
  const { orderId, line } = loaderData;
  return (
    <>
      <AccountTabs />
      <PageIntro title="Возврат товара">
        Укажите, сколько штук вернуть и почему; фотографии помогут менеджеру решить быстрее. О решении мы сообщим по
        e-mail, а состояние заявки будет видно на странице «Возвраты».
      </PageIntro>
      <ReturnForm
        orderId={orderId}
        line={line}
        refusal={actionData && 'errors' in actionData ? actionData : undefined}
      />
    </>
  );
}
