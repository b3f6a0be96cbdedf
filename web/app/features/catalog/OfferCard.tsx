import { Anchor, Card, Group, Stack, Text } from '../../ui/index.ts';
import type { Offer } from '@detal/contract';
import { formatRoubles } from '@detal/contract/browser';
import { Link } from 'react-router';
import { AddToBasket } from '../basket/AddToBasket.tsx';
import { DeliveryTime } from '../../components/DeliveryTime.tsx';
import { offerSearchPath, stockText } from './offer-text.ts';
import classes from './catalog.module.css';

/** One offer as a card (recommendations, and the group's offers on narrow screens), with add to basket. */
export function OfferCard({ offer }: { offer: Offer }) {
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      component="article"
      aria-label={`${offer.brand_name} ${offer.article}`}
      className={classes.card}
    >
      <Stack gap={6} justify="space-between" className={classes.card}>
        <Stack gap={4}>
          <Group gap={6} justify="space-between" wrap="nowrap" align="flex-start">
            <Text weight={700} size="sm" className={classes.cardName}>
              {offer.brand_name}{' '}
              <Anchor component={Link} to={offerSearchPath(offer)} inherit className={classes.article}>
                {offer.article}
              </Anchor>
            </Text>
            <Text
              size="xs"
              weight={600}
              className={offer.quantity > 0 ? classes.inStock : classes.outOfStock}
              style={{ flexShrink: 0 }}
            >
              {stockText(offer.quantity)}
            </Text>
          </Group>
          <Text size="sm" tone="strong" lineClamp={2}>
            {offer.description}
          </Text>
          <Text size="xs" tone="muted">
            Срок: <DeliveryTime days={offer.delivery} />
            {offer.supplier_name ? ` · ${offer.supplier_name}` : ''}
          </Text>
        </Stack>
        <Group justify="space-between" align="center" gap="xs" wrap="wrap">
          <Text weight={700} size="lg">
            {formatRoubles(offer.price)}
          </Text>
          <AddToBasket
            offerId={offer.id}
            stock={offer.quantity}
            part={`${offer.brand_name} ${offer.article}`}
            compact
          />
        </Group>
      </Stack>
    </Card>
  );
}
