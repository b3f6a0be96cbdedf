import { Anchor, Box, SimpleGrid, Table, Text, VisuallyHidden } from '../../ui/index.ts';
import type { Offer } from '@detal/contract';
import { formatRoubles } from '@detal/contract/browser';
import { Link } from 'react-router';
import { AddToBasket } from '../basket/AddToBasket.tsx';
import { DeliveryTime } from '../../components/DeliveryTime.tsx';
import { OfferCard } from './OfferCard.tsx';
import { offerSearchPath, stockText } from './offer-text.ts';
import frame from '../../components/page.module.css';
import classes from './catalog.module.css';

/**
 * A page of a group's offers: a dense table from md up, cards below it. Both are in the server's HTML and CSS
 * shows the one that fits, so the page needs no script to lay itself out.
 */
export function GroupOffers({ offers, caption }: { offers: Offer[]; caption: string }) {
  return (
    <>
      <Box className={frame.wide}>
        <Table.ScrollContainer minWidth={760}>
          <Table striped highlightOnHover verticalSpacing={6}>
            <VisuallyHidden component="caption">{caption}</VisuallyHidden>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Бренд</Table.Th>
                <Table.Th scope="col">Артикул</Table.Th>
                <Table.Th scope="col">Описание</Table.Th>
                <Table.Th scope="col">Поставщик</Table.Th>
                <Table.Th scope="col">Срок</Table.Th>
                <Table.Th scope="col">Наличие</Table.Th>
                <Table.Th scope="col" style={{ textAlign: 'right' }}>
                  Цена
                </Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>В корзину</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {offers.map((offer) => (
                <Table.Tr key={offer.id}>
                  <Table.Td weight={600}>{offer.brand_name}</Table.Td>
                  <Table.Td className={classes.article} style={{ whiteSpace: 'nowrap' }}>
                    <Anchor component={Link} to={offerSearchPath(offer)} inherit>
                      {offer.article}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{offer.description}</Table.Td>
                  <Table.Td>{offer.supplier_name ?? '—'}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <DeliveryTime days={offer.delivery} />
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text span inherit className={offer.quantity > 0 ? classes.inStock : classes.outOfStock}>
                      {stockText(offer.quantity)}
                    </Text>
                  </Table.Td>
                  <Table.Td weight={700} style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                    {formatRoubles(offer.price)}
                  </Table.Td>
                  <Table.Td>
                    <AddToBasket
                      offerId={offer.id}
                      stock={offer.quantity}
                      part={`${offer.brand_name} ${offer.article}`}
                      compact
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Box>
      <SimpleGrid cols={1} spacing="sm" className={frame.narrow}>
        {offers.map((offer) => (
          <OfferCard key={offer.id} offer={offer} />
        ))}
      </SimpleGrid>
    </>
  );
}
