import { Link } from 'react-router';
import { paths } from '../../paths.ts';

/** The notice after an add: which part, how many, and the way to the basket. */
export function AddedNotice({ part, pieces }: { part: string | null; pieces: number }) {
  return (
    <>
      Добавлено в корзину: {part ? `${part}, ` : ''}
      {pieces} шт. <Link to={paths.cart()}>Открыть корзину</Link>
    </>
  );
}
