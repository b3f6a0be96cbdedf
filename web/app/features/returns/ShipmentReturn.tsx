import { Link } from 'react-router';
import type { Shipment } from '@detal/contract';
import { Anchor, Text } from '../../ui/index.ts';
import { paths } from '../../paths.ts';
import classes from './Returns.module.css';

/** The lines of a document a return may name: those it handed over at least one piece of. */
const returnableLines = (shipment: Shipment) => shipment.lines.filter((line) => line.quantity > 0);

/**
 * «Оформить возврат» beside a closing document (`/bills/documents`, decision 0063): the return form of its line, or
 * with several lines a disclosure (a `<details>`, so it opens without scripts) listing each line's form. The window
 * and «без возврата» are the server's to check on the form, as for «Вернуть» on the order page.
 */
export function ShipmentReturn({ shipment }: { shipment: Shipment }) {
  const lines = returnableLines(shipment);
  if (lines.length === 0) return null;
  if (lines.length === 1) {
    const [line] = lines as [Shipment['lines'][number]];
    return (
      <Anchor
        component={Link}
        to={paths.returnCreate(line.order_id, line.id)}
        size="xs"
        aria-label={`Оформить возврат по УПД № ${shipment.number}: ${line.brand} ${line.article}`}
      >
        Оформить возврат
      </Anchor>
    );
  }
  return (
    <details className={classes.shipmentReturn}>
      <summary aria-label={`Оформить возврат по УПД № ${shipment.number}`}>Оформить возврат</summary>
      <Text size="xs" tone="muted">
        Какой товар вернуть?
      </Text>
      <ul>
        {lines.map((line) => (
          <li key={line.id}>
            <Anchor component={Link} to={paths.returnCreate(line.order_id, line.id)} size="xs">
              {line.brand} {line.article}, {line.quantity} шт.
            </Anchor>
          </li>
        ))}
      </ul>
    </details>
  );
}
