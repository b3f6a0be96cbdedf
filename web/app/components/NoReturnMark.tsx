import { Badge } from '../ui/index.ts';

const NO_RETURN_HINT = 'Поставщик или производитель не принимает этот товар обратно: вернуть его будет нельзя';

/**
 * «Без возврата» (issue 32): the offer's supplier or brand sells it with no return (`no_return` of search items,
 * basket and checkout lines), said before the client buys it.
 */
export function NoReturnMark({ noReturn, className }: { noReturn: boolean | undefined; className?: string }) {
  if (!noReturn) return null;
  return (
    <Badge
      color="gray"
      variant="light"
      size="xs"
      textCase="as-written"
      className={className}
      title={NO_RETURN_HINT}
      aria-label={`Без возврата. ${NO_RETURN_HINT}`}
      data-testid="no-return"
    >
      Без возврата
    </Badge>
  );
}
