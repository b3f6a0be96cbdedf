CREATE INDEX "clients_search_idx" ON "clients" USING gin (to_tsvector('simple'::regconfig,
  last_name || ' ' || first_name || ' ' || coalesce(middle_name, '') || ' ' || coalesce(company_name, '') || ' '
  || coalesce(inn, '') || ' ' || email || ' ' || translate(email, '@.-_', '    ') || ' '
  || right(regexp_replace(phone_number, '[^0-9]', '', 'g'), 10) || ' ' || right(phone_number, 4)));--> statement-breakpoint
CREATE INDEX "payers_search_idx" ON "payers" USING gin (to_tsvector('simple'::regconfig, short_name || ' ' || full_name || ' ' || inn));