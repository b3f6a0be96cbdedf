import type { ReactNode } from 'react';
import { Button, Table, Text, TextInput, type TableProps } from '@mantine/core';
import { Link } from 'react-router';
import { keysHelp } from '../../lib/use-list-keys.ts';
import { scrollRegion } from './theme.ts';
import classes from './DenseList.module.css';

/*
 * The parts every back-office list repeats (the orders' queue, purchasing, receipts, shipments, returns): the
 * dense table in its sideways-scrolling frame, the keys hint above it, and the filter form's date range and buttons.
 */

interface DenseTableProps extends Omit<TableProps, 'children'> {
  /**
   * The scrolling frame's name for keyboard and screen-reader users, which makes it a tab stop; none for a table
   * whose rows hold links or fields (the keyboard reaches the frame's content through them).
   */
  label: string | null;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  /** The scrolling frame's own class (a list that turns into cards on a phone drops its minimum width there). */
  frameClassName?: string;
  children: ReactNode;
}

/** A list's table: striped, rows highlighted, small type, figures in columns. */
export function DenseTable({ label, minWidth, frameClassName, className, children, ...table }: DenseTableProps) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      className={frameClassName}
      scrollAreaProps={label === null ? undefined : scrollRegion(label)}
    >
      <Table
        striped
        highlightOnHover
        verticalSpacing={3}
        horizontalSpacing={6}
        fz="xs"
        {...table}
        className={className ? `${classes.table} ${className}` : classes.table}
      >
        {children}
      </Table>
    </Table.ScrollContainer>
  );
}

/** «Клавиши: …» above a list: a written hint, or pairs of keys and what they do. */
export function KeysHint({ keys, testId }: { keys: string | readonly (readonly [string, string])[]; testId?: string }) {
  return (
    <Text size="xs" c="gray.7" data-testid={testId}>
      Клавиши: {typeof keys === 'string' ? keys : keysHelp(keys)}
    </Text>
  );
}

/** A filter form's period, «С» and «По», as the URL carries it. */
export function DateRangeFields({
  from,
  to,
  names = ['date_from', 'date_to'],
}: {
  from: string | null | undefined;
  to: string | null | undefined;
  names?: readonly [string, string];
}) {
  return (
    <>
      <TextInput label="С" name={names[0]} type="date" defaultValue={from ?? ''} size="xs" w={140} />
      <TextInput label="По" name={names[1]} type="date" defaultValue={to ?? ''} size="xs" w={140} />
    </>
  );
}

/** A filter form's last two buttons: apply, and back to the list unfiltered. */
export function FilterButtons({ resetTo }: { resetTo: string }) {
  return (
    <>
      <Button type="submit" size="xs">
        Показать
      </Button>
      <Button component={Link} to={resetTo} size="xs" variant="default">
        Сбросить
      </Button>
    </>
  );
}
