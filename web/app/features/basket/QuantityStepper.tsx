import { ActionIcon, Group } from '../../ui/index.ts';
import { BASKET_QUANTITY_STEP } from '@detal/contract/browser';
import classes from './QuantityStepper.module.css';

interface QuantityStepperProps {
  quantity: number;
  /** The offer's stock: the upper bound. */
  stock: number;
  /** What the quantity is of, for the controls' names ("Увеличить количество: OC 90"). */
  label: string;
  onStep: (step: 1 | -1) => void;
  /** A quantity typed into the box (already within 1 and the stock), sent on Enter or when the box is left. */
  onSet: (quantity: number) => void;
}

/** What a typed text asks for, within 1 and the stock; null for text that is no whole number. */
export function typedQuantity(text: string, stock: number): number | null {
  if (!/^\s*\d{1,9}\s*$/.test(text)) return null;
  return Math.min(Math.max(Number(text), 1), Math.max(stock, 1));
}

/**
 * − n + with the spec's step of 1, and the n a box to type into (40 spark plugs are not 39 clicks), bounded by 1
 * and the stock (the server keeps the same bounds). The box is keyed by the quantity, so an answer from the
 * server (or a step) shows in it at once.
 */
export function QuantityStepper({ quantity, stock, label, onStep, onSet }: QuantityStepperProps) {
  const commit = (input: HTMLInputElement) => {
    const typed = typedQuantity(input.value, stock);
    if (typed === null || typed === quantity) {
      input.value = String(quantity);
      return;
    }
    input.value = String(typed);
    onSet(typed);
  };
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="default"
        size="md"
        aria-label={`Уменьшить количество: ${label}`}
        disabled={quantity <= 1}
        onClick={() => onStep(-BASKET_QUANTITY_STEP as -1)}
      >
        <span aria-hidden="true">−</span>
      </ActionIcon>
      <input
        key={quantity}
        className={classes.box}
        type="number"
        inputMode="numeric"
        aria-label={`Количество: ${label}`}
        defaultValue={quantity}
        min={1}
        max={stock}
        step={BASKET_QUANTITY_STEP}
        onBlur={(event) => commit(event.currentTarget)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit(event.currentTarget);
          }
        }}
      />
      <ActionIcon
        variant="default"
        size="md"
        aria-label={`Увеличить количество: ${label}`}
        disabled={quantity >= stock}
        onClick={() => onStep(BASKET_QUANTITY_STEP as 1)}
      >
        <span aria-hidden="true">+</span>
      </ActionIcon>
    </Group>
  );
}
