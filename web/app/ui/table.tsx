import type { ElementType, ReactNode } from 'react';
import { elementProps, spacing, type Length } from './values.ts';
import type { PolymorphicProps } from './polymorphic.ts';
import type { Weight } from './typography.tsx';

interface TableOwnProps {
  striped?: boolean;
  highlightOnHover?: boolean;
  withRowBorders?: boolean;
  verticalSpacing?: Length;
  horizontalSpacing?: Length;
  layout?: 'auto' | 'fixed';
}

/** A data table: the theme's cell spacing, row borders, optional stripes and hover. */
export function Table({
  striped = false,
  highlightOnHover = false,
  withRowBorders = true,
  verticalSpacing = 7,
  horizontalSpacing = 'xs',
  layout,
  ...props
}: PolymorphicProps<'table', TableOwnProps>) {
  return (
    <table
      data-striped={striped || undefined}
      data-hover={highlightOnHover || undefined}
      data-row-borders={withRowBorders || undefined}
      {...elementProps(props, 'ui-table', (out) => {
        out.style['--cell-py'] = spacing(verticalSpacing)!;
        out.style['--cell-px'] = spacing(horizontalSpacing)!;
        if (layout) out.style['table-layout'] = layout;
      })}
    />
  );
}

type TablePart = 'thead' | 'tbody' | 'tfoot' | 'tr' | 'th' | 'td' | 'caption';

function part<T extends TablePart>(tag: T) {
  const Element = tag as ElementType;
  return function TablePartElement({
    align,
    weight,
    ...props
  }: PolymorphicProps<T, { children?: ReactNode; align?: 'center' | 'right'; weight?: Weight }>) {
    return (
      <Element data-ta={align} data-weight={weight} {...elementProps(props as PolymorphicProps<'td'>, undefined)} />
    );
  };
}

Table.Thead = part('thead');
Table.Tbody = part('tbody');
Table.Tfoot = part('tfoot');
Table.Tr = part('tr');
Table.Th = part('th');
Table.Td = part('td');
Table.Caption = part('caption');

/** Scrolls a table sideways below `minWidth` rather than squeezing it. */
Table.ScrollContainer = function TableScrollContainer({
  minWidth,
  type: _type,
  children,
  ...props
}: PolymorphicProps<'div', { minWidth: number | string; type?: 'native' | 'scrollarea'; children?: ReactNode }>) {
  return (
    <div {...elementProps(props, 'ui-table-scroll')}>
      <div style={{ minWidth: typeof minWidth === 'number' ? `${minWidth}px` : minWidth }}>{children}</div>
    </div>
  );
};
