CREATE TABLE "purchase_queue_tallies" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "purchase_queue_tallies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"supplier_id" integer,
	"status" text NOT NULL,
	"lines" integer NOT NULL,
	"quantity" integer NOT NULL,
	"purchase_kopecks" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "purchase_queue_tallies_supplier_idx" ON "purchase_queue_tallies" USING btree ("supplier_id","status");
--> statement-breakpoint
-- ===== Hand-written (decision 0059): the triggers that keep purchase_queue_tallies, and its first fill. =====
-- A line counts while its status is new, in_work or supplier_refused and no supplier order line holds it
-- (released_at is null). Each statement that changes order_items or supplier_order_lines inserts what it changed
-- per (supplier, status); rows are only inserted, so concurrent writers never wait on one another here. A statement
-- changes one of the two tables and reads the other as it stands, so every change is counted exactly once.
CREATE TYPE purchase_queue_change AS (sign integer, order_item_id bigint);
--> statement-breakpoint
-- Adds, per (supplier, status), the client lines given with their sign (-1: now held, +1: now let go), those
-- waiting, as they stand now.
CREATE FUNCTION purchase_queue_tally_add(changes purchase_queue_change[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO purchase_queue_tallies (supplier_id, status, lines, quantity, purchase_kopecks)
  SELECT i.supplier_id, i.status, sum(h.sign), sum(h.sign * i.quantity),
         sum(h.sign * i.quantity * round(coalesce(i.purchase_price, 0) * 100))
    FROM (SELECT c.order_item_id, sum(c.sign) AS sign FROM unnest(changes) AS c
           GROUP BY c.order_item_id HAVING sum(c.sign) <> 0) AS h
    JOIN order_items i ON i.id = h.order_item_id
   WHERE i.status IN ('new', 'in_work', 'supplier_refused')
   GROUP BY i.supplier_id, i.status
$$;
--> statement-breakpoint
-- order_items: the rows as they were (sign -1) and as they are (+1), of lines waiting and not held (a statement on
-- order_items changes no holding, so «not held» is the same before and after).
CREATE FUNCTION purchase_queue_tally_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO purchase_queue_tallies (supplier_id, status, lines, quantity, purchase_kopecks)
    SELECT n.supplier_id, n.status, count(*), sum(n.quantity), sum(n.quantity * round(coalesce(n.purchase_price, 0) * 100))
      FROM new_rows n WHERE n.status IN ('new', 'in_work', 'supplier_refused')
     GROUP BY n.supplier_id, n.status;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO purchase_queue_tallies (supplier_id, status, lines, quantity, purchase_kopecks)
    SELECT o.supplier_id, o.status, -count(*), -sum(o.quantity), -sum(o.quantity * round(coalesce(o.purchase_price, 0) * 100))
      FROM old_rows o WHERE o.status IN ('new', 'in_work', 'supplier_refused')
       AND NOT EXISTS (SELECT 1 FROM supplier_order_lines l WHERE l.order_item_id = o.id AND l.released_at IS NULL)
     GROUP BY o.supplier_id, o.status;
  ELSE
    INSERT INTO purchase_queue_tallies (supplier_id, status, lines, quantity, purchase_kopecks)
    SELECT c.supplier_id, c.status, sum(c.sign), sum(c.sign * c.quantity),
           sum(c.sign * c.quantity * round(coalesce(c.purchase_price, 0) * 100))
      FROM (
        SELECT -1 AS sign, o.supplier_id, o.status, o.quantity, o.purchase_price
          FROM old_rows o JOIN new_rows n ON n.id = o.id
         WHERE (o.status, o.supplier_id, o.quantity, o.purchase_price)
               IS DISTINCT FROM (n.status, n.supplier_id, n.quantity, n.purchase_price)
           AND o.status IN ('new', 'in_work', 'supplier_refused')
           AND NOT EXISTS (SELECT 1 FROM supplier_order_lines l WHERE l.order_item_id = o.id AND l.released_at IS NULL)
        UNION ALL
        SELECT 1, n.supplier_id, n.status, n.quantity, n.purchase_price
          FROM old_rows o JOIN new_rows n ON n.id = o.id
         WHERE (o.status, o.supplier_id, o.quantity, o.purchase_price)
               IS DISTINCT FROM (n.status, n.supplier_id, n.quantity, n.purchase_price)
           AND n.status IN ('new', 'in_work', 'supplier_refused')
           AND NOT EXISTS (SELECT 1 FROM supplier_order_lines l WHERE l.order_item_id = n.id AND l.released_at IS NULL)
      ) AS c
     GROUP BY c.supplier_id, c.status
    HAVING sum(c.sign) <> 0 OR sum(c.sign * c.quantity) <> 0
        OR sum(c.sign * c.quantity * round(coalesce(c.purchase_price, 0) * 100)) <> 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- supplier_order_lines: a client line starts being held (-1: it leaves the queue) or stops (+1: it waits again), as
-- the client line now stands.
CREATE FUNCTION purchase_queue_tally_holding() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM purchase_queue_tally_add(array(
      SELECT row(-1, n.order_item_id)::purchase_queue_change FROM new_rows n WHERE n.released_at IS NULL));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM purchase_queue_tally_add(array(
      SELECT row(1, o.order_item_id)::purchase_queue_change FROM old_rows o WHERE o.released_at IS NULL));
  ELSE
    PERFORM purchase_queue_tally_add(array(
      SELECT row(-1, n.order_item_id)::purchase_queue_change FROM new_rows n WHERE n.released_at IS NULL
      UNION ALL
      SELECT row(1, o.order_item_id)::purchase_queue_change FROM old_rows o WHERE o.released_at IS NULL));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER order_items_queue_tally_insert AFTER INSERT ON order_items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION purchase_queue_tally_items();
--> statement-breakpoint
CREATE TRIGGER order_items_queue_tally_update AFTER UPDATE ON order_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION purchase_queue_tally_items();
--> statement-breakpoint
CREATE TRIGGER order_items_queue_tally_delete AFTER DELETE ON order_items REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION purchase_queue_tally_items();
--> statement-breakpoint
CREATE TRIGGER supplier_order_lines_queue_tally_insert AFTER INSERT ON supplier_order_lines REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION purchase_queue_tally_holding();
--> statement-breakpoint
CREATE TRIGGER supplier_order_lines_queue_tally_update AFTER UPDATE ON supplier_order_lines REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION purchase_queue_tally_holding();
--> statement-breakpoint
CREATE TRIGGER supplier_order_lines_queue_tally_delete AFTER DELETE ON supplier_order_lines REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION purchase_queue_tally_holding();
--> statement-breakpoint
INSERT INTO purchase_queue_tallies (supplier_id, status, lines, quantity, purchase_kopecks)
SELECT i.supplier_id, i.status, count(*), sum(i.quantity), sum(i.quantity * round(coalesce(i.purchase_price, 0) * 100))
  FROM order_items i
 WHERE i.status IN ('new', 'in_work', 'supplier_refused')
   AND NOT EXISTS (SELECT 1 FROM supplier_order_lines l WHERE l.order_item_id = i.id AND l.released_at IS NULL)
 GROUP BY i.supplier_id, i.status;
-- ===== End of the hand-written block. =====
