import type { AdminHandlers, AppDeps, ShopHandlers, TechHandlers } from '../http/handlers.ts';
import { createClientAdminHandlers } from './clients/admin-handlers.ts';
import { createClientsHandlers } from './clients/handlers.ts';
import { createBasketHandlers } from './basket/handlers.ts';
import { createBillAdminHandlers, createBillHandlers } from './bills/handlers.ts';
import { createCatalogAdminHandlers } from './catalog/admin-handlers.ts';
import { createCatalogHandlers } from './catalog/handlers.ts';
import { createContentAdminHandlers } from './content/admin-handlers.ts';
import { createContentHandlers } from './content/handlers.ts';
import { createOrdersAdminHandlers } from './orders/admin-handlers.ts';
import { createOrdersHandlers } from './orders/handlers.ts';
import { createPaymentHandlers } from './payments/handlers.ts';
import { createLedgerAdminHandlers, createLedgerHandlers } from './ledger/handlers.ts';
import { createPricingAdminHandlers } from './pricing/admin-handlers.ts';
import { createListSearchHandlers } from './list-search/handlers.ts';
import { createSearchHandlers } from './search/handlers.ts';
import { createSettingsAdminHandlers } from './settings/handlers.ts';
import { createStaffHandlers } from './staff/handlers.ts';
import type { AuditObjectReaders } from './audit/audit-objects.ts';
import { staffAuditObjects } from './staff/queries.ts';
import { clientAuditObjects } from './clients/queries.ts';
import { billAuditObjects, orderAuditObjects, orderLineAuditObjects } from './orders/admin-queries.ts';
import { supplierAuditObjects, supplierImportAuditObjects } from './suppliers/queries.ts';
import { newsAuditObjects, pageAuditObjects } from './content/queries.ts';
import { clientGroupAuditObjects } from './pricing/groups.ts';
import { brandAuditObjects } from './catalog/brands-queries.ts';
import { analogPairAuditObjects } from './catalog/return-rates.ts';
import { createSupplierHandlers } from './suppliers/handlers.ts';
import { createPayerAdminHandlers, createPayerHandlers } from './payers/handlers.ts';
import { payerAuditObjects } from './payers/queries.ts';
import { createSupplierSourceHandlers } from './supplier-sources/handlers.ts';
import { createPurchasingChannelHandlers } from './purchasing/channels/handlers.ts';
import { createShipmentAdminHandlers, createShipmentHandlers } from './shipments/handlers.ts';
import { createReturnAdminHandlers, createReturnHandlers } from './returns/handlers.ts';
import { createPurchasingHandlers } from './purchasing/handlers.ts';
import { createPurchasingLinkHandlers } from './purchasing/item-links.ts';
import { findNoReturnOffers } from './returns/queries.ts';
import type { NoReturnLookup } from '../shared/no-return.ts';
import { goodsReceiptAuditObjects, supplierOrderAuditObjects } from './purchasing/audit-objects.ts';

/**
 * Every domain module's handler factory. Adding a module is one line in the list of its scheme; an
 * endpoint no module handles is still routed and answers 501.
 */
/** «Без возврата» of the returns module's policies, for the modules below it that show offers (decision 0063). */
const noReturnOffers =
  ({ database: { db } }: AppDeps): NoReturnLookup =>
  (offerIds) =>
    findNoReturnOffers(db, offerIds);

const shopModules: ReadonlyArray<(deps: AppDeps) => ShopHandlers> = [
  createClientsHandlers,
  createPayerHandlers,
  (deps) => createBasketHandlers(deps, noReturnOffers(deps)),
  createContentHandlers,
  (deps) => createSearchHandlers(deps, noReturnOffers(deps)),
  createListSearchHandlers,
  (deps) => createOrdersHandlers(deps, {}, noReturnOffers(deps)),
  createBillHandlers,
  createLedgerHandlers,
  createShipmentHandlers,
  createReturnHandlers,
];
const techModules: ReadonlyArray<(deps: AppDeps) => TechHandlers> = [createCatalogHandlers];
/** The names the audit log shows for its rows' objects, by entity kind: each read by the module that owns it. */
const auditObjectReaders: AuditObjectReaders = {
  staff: staffAuditObjects,
  client: clientAuditObjects,
  order: orderAuditObjects,
  order_item: orderLineAuditObjects,
  bill: billAuditObjects,
  supplier: supplierAuditObjects,
  supplier_import: supplierImportAuditObjects,
  page: pageAuditObjects,
  news: newsAuditObjects,
  pricing_group: clientGroupAuditObjects,
  brand: brandAuditObjects,
  analog_pair: analogPairAuditObjects,
  supplier_order: supplierOrderAuditObjects,
  goods_receipt: goodsReceiptAuditObjects,
  payer: payerAuditObjects,
};

const adminModules: ReadonlyArray<(deps: AppDeps) => AdminHandlers> = [
  (deps) => createStaffHandlers(deps, auditObjectReaders),
  createOrdersAdminHandlers,
  createPaymentHandlers,
  createLedgerAdminHandlers,
  createBillAdminHandlers,
  createClientAdminHandlers,
  createPayerAdminHandlers,
  createPricingAdminHandlers,
  createContentAdminHandlers,
  createSettingsAdminHandlers,
  createSupplierHandlers,
  createSupplierSourceHandlers,
  createCatalogAdminHandlers,
  createPurchasingChannelHandlers,
  createShipmentAdminHandlers,
  createReturnAdminHandlers,
  createPurchasingHandlers,
  createPurchasingLinkHandlers,
];

/** Merges the modules' handler maps; two modules claiming one endpoint is a wiring mistake, caught at start. */
function mergeHandlers<H extends object>(scheme: string, parts: H[]): H {
  const merged: Record<string, unknown> = {};
  for (const part of parts) {
    for (const [endpoint, handler] of Object.entries(part)) {
      if (endpoint in merged) throw new Error(`Two modules handle the ${scheme} endpoint '${endpoint}'`);
      merged[endpoint] = handler;
    }
  }
  return merged as H;
}

export const createShopHandlers = (deps: AppDeps): ShopHandlers =>
  mergeHandlers(
    'shop',
    shopModules.map((createHandlers) => createHandlers(deps)),
  );

export const createTechHandlers = (deps: AppDeps): TechHandlers =>
  mergeHandlers(
    'tech',
    techModules.map((createHandlers) => createHandlers(deps)),
  );

export const createAdminHandlers = (deps: AppDeps): AdminHandlers =>
  mergeHandlers(
    'admin',
    adminModules.map((createHandlers) => createHandlers(deps)),
  );
