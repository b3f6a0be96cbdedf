import type { ReactNode } from 'react';

/** A term and its value, as a search page lists a part's or an offer's facts. */
export type Fact = readonly [term: string, value: ReactNode];

/** Facts as a description list, each term with its value in a group of its own (laid out by `className`). */
export function FactList({ facts, className }: { facts: readonly Fact[]; className: string | undefined }) {
  return (
    <dl className={className}>
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
