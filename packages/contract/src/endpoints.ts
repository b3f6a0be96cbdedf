import { z } from 'zod';
import { clientLedgerSchema, creditHoldSchema, reconciliationRequestSchema } from './ledger.ts';
import {
  clientCorrectionDownloadRequestSchema,
  clientShipmentDownloadRequestSchema,
  clientShipmentListRequestSchema,
  shipmentSchema,
} from './shipments.ts';
import {
  basketAddItemRequestSchema,
  basketChangeQuantityRequestSchema,
  basketSetQuantityRequestSchema,
  basketCleaningRequestSchema,
  basketDeleteItemRequestSchema,
  basketSchema,
  basketShowRequestSchema,
  basketSummarySchema,
} from './basket.ts';
import {
  billDownloadRequestSchema,
  billListFiltersSchema,
  billPaymentRequestSchema,
  billPaymentSchema,
  billSchema,
  billSummaryRequestSchema,
  billSummarySchema,
} from './bills.ts';
import { catalogGroupSchema, getAllGroupsRequestSchema, getGroupItemsRequestSchema } from './catalog.ts';
import {
  accountSchema,
  changePasswordRequestSchema,
  clientProfileSchema,
  clientTokenSchema,
  deliveryAddressDeleteRequestSchema,
  deliveryAddressSaveRequestSchema,
  deliveryAddressSchema,
  loginRequestSchema,
  registrationRequestSchema,
  resetPasswordConfirmRequestSchema,
  resetPasswordRequestSchema,
  updateAccountRequestSchema,
} from './clients.ts';
import { newsItemSchema, newsPreviewSchema, pageSchema, pageSummarySchema, templateSchema } from './content.ts';
import { defineEndpoints } from './endpoint.ts';
import { textSchema } from './fields.ts';
import {
  dataEnvelope,
  listQuerySchema,
  messageSchema,
  pageQuerySchema,
  paginatedList,
  successSchema,
} from './envelope.ts';
import { offerSchema } from './offer.ts';
import { payerClientEndpoints } from './payers.ts';
import { returnClientEndpoints } from './returns.ts';
import {
  orderForClientSchema,
  orderListFiltersSchema,
  orderSchema,
  orderShowRequestSchema,
  preorderSchema,
  step1RequestSchema,
  step2HeadersSchema,
  step2RequestSchema,
} from './orders.ts';
import {
  searchHistoryEntrySchema,
  searchRequestSchema,
  searchResultSchema,
  suggestQuerySchema,
  suggestResultSchema,
} from './search.ts';
import {
  basketAddItemsRequestSchema,
  basketAddItemsResultSchema,
  listSearchRequestSchema,
  listSearchResultSchema,
} from './list-search.ts';

/**
 * Every endpoint of the shop API (spec section 7, under `/api/v1/shop/`) and of the technical catalogue
 * (`/api/tech/`). The key of each entry is its path, Fastify style. The server registers its routes (validation,
 * OpenAPI) from these entries and the web calls them through the request layer with the same types.
 */

/** `:id` of content routes: a numeric id or a slug. */
export const idOrSlugParamsSchema = z.object({
  id: textSchema()
    .min(1, 'Не указан идентификатор')
    .max(200, 'Слишком длинный идентификатор')
    .meta({ description: 'Numeric id or slug' }),
});

const clientEnvelope = <T extends z.ZodType>(client: T) => dataEnvelope(z.object({ client }));

export const shopEndpoints = defineEndpoints({
  // auth: clients, sessions, account
  'client-login': {
    method: 'POST',
    path: 'client-login',
    session: false,
    summary: 'Sign in with e-mail and password; merges the anonymous basket sent along',
    tags: ['auth'],
    body: loginRequestSchema,
    response: clientEnvelope(clientTokenSchema),
  },
  'client-registration': {
    method: 'POST',
    path: 'client-registration',
    session: false,
    summary: 'Register a client and sign in; merges the anonymous basket sent along',
    tags: ['auth'],
    body: registrationRequestSchema,
    response: clientEnvelope(clientTokenSchema),
  },
  // The spec does not show the answer: a plain acknowledgement.
  'client-logout': {
    method: 'GET',
    path: 'client-logout',
    session: true,
    summary: 'Sign out: revoke the current token',
    tags: ['auth'],
    response: dataEnvelope(successSchema),
  },
  // The spec does not show the answer: the same text whether or not the e-mail exists (no enumeration).
  'client-reset-password': {
    method: 'POST',
    path: 'client-reset-password',
    session: false,
    summary: 'Request a password reset link by e-mail',
    tags: ['auth'],
    body: resetPasswordRequestSchema,
    response: dataEnvelope(messageSchema),
  },
  'client-me': {
    method: 'GET',
    path: 'client-me',
    session: true,
    summary: 'Session check: the signed-in client',
    tags: ['auth'],
    response: clientEnvelope(clientProfileSchema),
  },
  'client-show-account': {
    method: 'GET',
    path: 'client-show-account',
    session: true,
    summary: "The client's profile and saved delivery addresses",
    tags: ['auth'],
    response: dataEnvelope(accountSchema),
  },
  'client-reset-password-confirm': {
    method: 'POST',
    path: 'client-reset-password-confirm',
    session: false,
    summary: 'Set a new password from a reset link; revokes the other sessions',
    tags: ['auth'],
    body: resetPasswordConfirmRequestSchema,
    response: dataEnvelope(successSchema),
  },
  'client-update-account': {
    method: 'POST',
    path: 'client-update-account',
    session: true,
    summary: "Change the client's profile",
    tags: ['auth'],
    body: updateAccountRequestSchema,
    response: clientEnvelope(clientProfileSchema),
  },
  'client-change-password': {
    method: 'POST',
    path: 'client-change-password',
    session: true,
    summary: 'Change the password; revokes the other sessions',
    tags: ['auth'],
    body: changePasswordRequestSchema,
    response: dataEnvelope(successSchema),
  },
  'client-delivery-address-save': {
    method: 'POST',
    path: 'client-delivery-address-save',
    session: true,
    summary: 'Add a delivery address, or change one by id',
    tags: ['auth'],
    body: deliveryAddressSaveRequestSchema,
    response: dataEnvelope(deliveryAddressSchema),
  },
  'client-delivery-address-delete': {
    method: 'POST',
    path: 'client-delivery-address-delete',
    session: true,
    summary: 'Delete a delivery address',
    tags: ['auth'],
    body: deliveryAddressDeleteRequestSchema,
    response: dataEnvelope(successSchema),
  },
  // (beyond) payers: the companies and sole traders the client buys for (issue 30)
  ...payerClientEndpoints,
  // Cancels and returns (issue 32).
  ...returnClientEndpoints,

  // content
  template: {
    method: 'GET',
    path: 'template',
    session: false,
    summary: 'Shop contacts and menus for the layout',
    tags: ['content'],
    response: dataEnvelope(templateSchema),
  },
  'page/:id': {
    method: 'GET',
    path: 'page/:id',
    session: false,
    summary: 'A static page by id or slug',
    tags: ['content'],
    params: idOrSlugParamsSchema,
    response: dataEnvelope(pageSchema),
  },
  'page-list': {
    method: 'GET',
    path: 'page-list',
    session: false,
    summary: 'Every published static page without its body, by title',
    tags: ['content'],
    response: dataEnvelope(z.array(pageSummarySchema)),
  },
  'news-preview/:id': {
    method: 'GET',
    path: 'news-preview/:id',
    session: false,
    summary: 'A news item without its body, by id or slug',
    tags: ['content'],
    params: idOrSlugParamsSchema,
    response: dataEnvelope(newsPreviewSchema),
  },
  'news-page/:id': {
    method: 'GET',
    path: 'news-page/:id',
    session: false,
    summary: 'A news item by id or slug',
    tags: ['content'],
    params: idOrSlugParamsSchema,
    response: dataEnvelope(newsItemSchema),
  },
  'news-list': {
    method: 'GET',
    path: 'news-list',
    session: false,
    summary: 'Published news, newest first, paginated',
    tags: ['content'],
    query: listQuerySchema,
    response: dataEnvelope(paginatedList(newsPreviewSchema)),
  },
  'website-products-recommend-preview/:id': {
    method: 'GET',
    path: 'website-products-recommend-preview/:id',
    session: false,
    summary: 'Offers recommended for a block (1 = home page)',
    tags: ['content'],
    params: idOrSlugParamsSchema,
    response: dataEnvelope(z.array(offerSchema)),
  },

  // search
  'products-search': {
    method: 'POST',
    path: 'products-search',
    session: false,
    summary: 'Search offers by article, optionally for one brand, with analogs',
    tags: ['search'],
    body: searchRequestSchema,
    response: dataEnvelope(z.object({ result_products_search: searchResultSchema })),
  },
  'products-list-search': {
    method: 'POST',
    path: 'products-list-search',
    session: false,
    summary: '(beyond) Search a list of articles at once: pasted lines or a CSV/XLSX file, up to 200 lines',
    tags: ['search'],
    body: listSearchRequestSchema,
    response: dataEnvelope(z.object({ result_list_search: listSearchResultSchema })),
  },
  'products-suggest': {
    method: 'GET',
    path: 'products-suggest',
    session: false,
    summary: '(beyond) Parts whose article starts with what was typed, for suggestions while typing',
    tags: ['search'],
    query: suggestQuerySchema,
    response: dataEnvelope(suggestResultSchema),
  },
  'client-search-history': {
    method: 'GET',
    path: 'client-search-history',
    session: true,
    summary: "(beyond) The signed-in client's last searches, newest first",
    tags: ['search'],
    response: dataEnvelope(z.array(searchHistoryEntrySchema)),
  },

  // basket
  'basket-show': {
    method: 'POST',
    path: 'basket-show',
    session: false,
    summary: 'The basket with its lines',
    tags: ['basket'],
    body: basketShowRequestSchema,
    response: dataEnvelope(basketSchema),
  },
  'basket-add-item': {
    method: 'POST',
    path: 'basket-add-item',
    session: false,
    summary: 'Add an offer to a basket (a new one when the ids are null)',
    tags: ['basket'],
    body: basketAddItemRequestSchema,
    response: dataEnvelope(basketSummarySchema),
  },
  'basket-add-items': {
    method: 'POST',
    path: 'basket-add-items',
    session: false,
    summary: '(beyond) Add several offers at once in one transaction, each clamped to its stock',
    tags: ['basket'],
    body: basketAddItemsRequestSchema,
    response: dataEnvelope(basketAddItemsResultSchema),
  },
  'basket-changes-quantity-in-item': {
    method: 'POST',
    path: 'basket-changes-quantity-in-item',
    session: false,
    summary: "Step a line's quantity by +1 or -1 within 1 and the stock",
    tags: ['basket'],
    body: basketChangeQuantityRequestSchema,
    response: dataEnvelope(basketSummarySchema),
  },
  'basket-set-item-quantity': {
    method: 'POST',
    path: 'basket-set-item-quantity',
    session: false,
    summary: "(beyond) Set a line's quantity as typed, kept within 1 and the stock",
    tags: ['basket'],
    body: basketSetQuantityRequestSchema,
    response: dataEnvelope(basketSummarySchema),
  },
  'basket-cleaning-all-items': {
    method: 'POST',
    path: 'basket-cleaning-all-items',
    session: false,
    summary: 'Remove every line of a basket',
    tags: ['basket'],
    body: basketCleaningRequestSchema,
    response: dataEnvelope(basketSummarySchema),
  },
  'basket-delete-item': {
    method: 'POST',
    path: 'basket-delete-item',
    session: false,
    summary: 'Remove one line of a basket',
    tags: ['basket'],
    body: basketDeleteItemRequestSchema,
    response: dataEnvelope(basketSummarySchema),
  },

  // orders
  'basket-create-order-order-step1-from-items-post': {
    method: 'POST',
    path: 'basket-create-order-order-step1-from-items-post',
    session: true,
    summary: 'Checkout step 1: the preorder for the chosen basket lines',
    tags: ['orders'],
    body: step1RequestSchema,
    response: dataEnvelope(preorderSchema),
  },
  'create-order-order-step2-from-items-post': {
    method: 'POST',
    path: 'create-order-order-step2-from-items-post',
    session: true,
    summary: 'Checkout step 2: create the order (idempotent per submission; optional Idempotency-Key header)',
    tags: ['orders'],
    headers: step2HeadersSchema,
    body: step2RequestSchema,
    // credit_hold (beyond, issue 31): the order was accepted and is held by the credit check; null otherwise.
    response: dataEnvelope(
      z.object({ orderForClient: orderForClientSchema, credit_hold: creditHoldSchema.nullable() }),
    ),
  },
  'show-client-all-orders-post': {
    method: 'POST',
    path: 'show-client-all-orders-post',
    session: true,
    summary: "The client's orders, newest first, filtered and paginated",
    tags: ['orders'],
    query: pageQuerySchema,
    body: orderListFiltersSchema,
    response: dataEnvelope(paginatedList(orderSchema)),
  },
  'show-client-order-post': {
    method: 'POST',
    path: 'show-client-order-post',
    session: true,
    summary: 'One order of the client with its lines',
    tags: ['orders'],
    body: orderShowRequestSchema,
    response: dataEnvelope(orderSchema),
  },

  // bills
  'client-bill-all-post': {
    method: 'POST',
    path: 'client-bill-all-post',
    session: true,
    summary: "The client's bills, newest first, filtered and paginated",
    tags: ['bills'],
    query: pageQuerySchema,
    body: billListFiltersSchema,
    response: dataEnvelope(paginatedList(billSchema)),
  },
  'client-bill-download-post': {
    method: 'POST',
    path: 'client-bill-download-post',
    session: true,
    summary: 'A bill as a PDF download',
    tags: ['bills'],
    body: billDownloadRequestSchema,
    response: 'pdf',
  },
  'client-shipment-all-post': {
    method: 'POST',
    path: 'client-shipment-all-post',
    session: true,
    summary: "(beyond) The client's shipments (УПД), newest first, paginated",
    tags: ['bills'],
    query: pageQuerySchema,
    body: clientShipmentListRequestSchema,
    response: dataEnvelope(paginatedList(shipmentSchema)),
  },
  'client-shipment-download-post': {
    method: 'POST',
    path: 'client-shipment-download-post',
    session: true,
    summary: "(beyond) A shipment's УПД as PDF or as the tax service's XML (format 5.03)",
    tags: ['bills'],
    body: clientShipmentDownloadRequestSchema,
    response: 'document',
  },
  'client-shipment-correction-download-post': {
    method: 'POST',
    path: 'client-shipment-correction-download-post',
    session: true,
    summary: "(beyond) A correction document (УКД) of the client's shipment, as PDF",
    tags: ['bills'],
    body: clientCorrectionDownloadRequestSchema,
    response: 'document',
  },
  'client-ledger-post': {
    method: 'POST',
    path: 'client-ledger-post',
    session: true,
    summary: "(beyond) The client's ledgers: balance, credit limit and what is left of it, overdue debt with due days",
    tags: ['bills'],
    body: z.object({}),
    response: dataEnvelope(clientLedgerSchema),
  },
  'client-reconciliation-download-post': {
    method: 'POST',
    path: 'client-reconciliation-download-post',
    session: true,
    summary: "(beyond) The reconciliation act (акт сверки) of one of the client's ledgers for a period as a PDF",
    tags: ['bills'],
    body: reconciliationRequestSchema,
    response: 'pdf',
  },
  'client-bill-summary-post': {
    method: 'POST',
    path: 'client-bill-summary-post',
    session: true,
    summary: "(beyond) Count and sum of the client's bills: all, paid, awaiting payment",
    tags: ['bills'],
    body: billSummaryRequestSchema,
    response: dataEnvelope(billSummarySchema),
  },
  'client-bill-payment-post': {
    method: 'POST',
    path: 'client-bill-payment-post',
    session: true,
    summary: "(beyond) How to pay: the shop's requisites and, for one of the client's bills, its payment QR code",
    tags: ['bills'],
    body: billPaymentRequestSchema,
    response: dataEnvelope(billPaymentSchema),
  },
});

export const techEndpoints = defineEndpoints({
  'get-all-groups': {
    method: 'POST',
    path: 'get-all-groups',
    session: false,
    summary: 'The catalogue group tree (requires the catalogue key)',
    tags: ['catalog'],
    body: getAllGroupsRequestSchema,
    response: dataEnvelope(z.array(catalogGroupSchema)),
  },
  'get-group-items': {
    method: 'POST',
    path: 'get-group-items',
    session: false,
    summary: "A catalogue group's offers, paginated (requires the catalogue key)",
    tags: ['catalog'],
    body: getGroupItemsRequestSchema,
    response: dataEnvelope(paginatedList(offerSchema)),
  },
});

export type ShopEndpoints = typeof shopEndpoints;
export type TechEndpoints = typeof techEndpoints;
export type ShopEndpointPath = keyof ShopEndpoints;
export type TechEndpointPath = keyof TechEndpoints;
