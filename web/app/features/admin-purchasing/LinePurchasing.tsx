import { Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ITEM_LINK_KIND_NAMES, type SupplierOrderItemLink } from '@detal/contract';
import { paths } from '../../paths.ts';

/**
 * Under a client line on the order screen (issue 29, point 6): each supplier order tied to it — a link, the
 * supplier's number, how it is tied (ordered, refused, received by which receipt) and the supplier order line's
 * quantities «заказано / подтв. / отказ / получено».
 */
export function LinePurchasing({ links }: { links: SupplierOrderItemLink[] }) {
  if (links.length === 0) return null;
  return (
    // Wraps inside the supplier's cell (whose name does not): the order's table keeps its width at 1440 px.
    <Stack gap={0} mt={2} maw={240} style={{ whiteSpace: 'normal' }} data-testid="line-purchasing">
      {links.map((link) => (
        <Text
          key={`${link.kind}-${link.supplier_order_id}-${link.receipt?.id ?? 0}`}
          fz={10}
          c="gray.8"
          title={`${link.supplier_name}: ${link.state_name}`}
        >
          <Link to={paths.adminSupplierOrder(link.supplier_order_id)}>{link.supplier_order_number}</Link>
          {link.supplier_number ? ` (№ ${link.supplier_number})` : ''} · {ITEM_LINK_KIND_NAMES[link.kind]}
          {link.kind === 'received' && link.receipt ? (
            <>
              {' '}
              по <Link to={paths.adminGoodsReceipt(link.receipt.id)}>приходу № {link.receipt.id}</Link>
            </>
          ) : null}{' '}
          · {link.quantity} шт.: подтв. {link.confirmed_quantity}, отказ {link.refused_quantity}, получ.{' '}
          {link.received_quantity}
          {link.kind === 'refused' && link.refused_reason ? ` · «${link.refused_reason}»` : ''}
        </Text>
      ))}
    </Stack>
  );
}
