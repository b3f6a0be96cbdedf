import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';
import { dataEnvelope, pageQuerySchema, paginatedList, successSchema } from './envelope.ts';
import { clientAdminEndpoints } from './admin-clients.ts';
import { payerAdminEndpoints } from './payers.ts';
import { contentAdminEndpoints } from './admin-content.ts';
import { pricingAdminEndpoints } from './admin-pricing.ts';
import { settingsAdminEndpoints } from './admin-settings.ts';
import { paymentAdminEndpoints } from './payments.ts';
import { supplierAdminEndpoints } from './suppliers.ts';
import { catalogAdminEndpoints } from './admin-catalog.ts';
import { supplierSourceAdminEndpoints } from './supplier-sources.ts';
import { purchasingChannelEndpoints } from './purchasing-channels.ts';
import { shipmentAdminEndpoints } from './shipments.ts';
import { returnAdminEndpoints } from './returns.ts';
import { returnRateAdminEndpoints } from './return-rates.ts';
import { ledgerAdminEndpoints } from './ledger.ts';
import { purchasingAdminEndpoints } from './purchasing.ts';
import { purchasingLinkEndpoints } from './purchasing-links.ts';
import {
  adminLineCancelRequestSchema,
  adminLineStatusRequestSchema,
  adminOrderCountsSchema,
  adminOrderLineFiltersSchema,
  adminOrderLineSchema,
  adminOrderSchema,
  adminOrderShowRequestSchema,
  adminSupplierSchema,
  lineStatusChangeResultSchema,
} from './admin-orders.ts';
import {
  type StaffRole,
  auditEntrySchema,
  auditLogFiltersSchema,
  staffChangePasswordRequestSchema,
  staffIdRequestSchema,
  staffInviteRequestSchema,
  staffListFiltersSchema,
  staffMemberSchema,
  staffSetPasswordRequestSchema,
  staffSetupCheckRequestSchema,
  staffSetupRequestSchema,
  staffSignInRequestSchema,
} from './staff.ts';

/**
 * The back office's API under `/api/v1/admin/` (issue 14). Every endpoint with `roles` needs a staff session
 * (the `staff_session` cookie; 401 without one) whose role is listed (403 otherwise); the route layer checks
 * it for every endpoint from these entries. A client's bearer token opens none of them.
 */

const ANY_STAFF: readonly StaffRole[] = ['owner', 'manager', 'content_editor'];
const OWNER: readonly StaffRole[] = ['owner'];
/** Orders, payments and clients: the manager's work, and the owner's. */
const SALES: readonly StaffRole[] = ['owner', 'manager'];

const staffEnvelope = dataEnvelope(z.object({ staff: staffMemberSchema }));

export const adminEndpoints = defineEndpoints({
  'staff-sign-in': {
    method: 'POST',
    path: 'staff-sign-in',
    session: false,
    summary: 'Staff sign-in: sets the staff_session cookie (httpOnly, SameSite=Strict)',
    tags: ['admin'],
    body: staffSignInRequestSchema,
    response: staffEnvelope,
  },
  'staff-set-password': {
    method: 'POST',
    path: 'staff-set-password',
    session: false,
    summary: 'Set a staff password from an invitation or set-password link (once); ends the sessions',
    tags: ['admin'],
    body: staffSetPasswordRequestSchema,
    response: dataEnvelope(successSchema),
  },
  'staff-setup-check': {
    method: 'POST',
    path: 'staff-setup-check',
    session: false,
    summary: "Whether the first owner's setup link printed at start still works (no staff member yet, link unused)",
    tags: ['admin'],
    body: staffSetupCheckRequestSchema,
    response: dataEnvelope(z.object({ usable: z.boolean() })),
  },
  'staff-setup': {
    method: 'POST',
    path: 'staff-setup',
    session: false,
    summary:
      "Create the shop's first owner from the setup link (once, while no staff member exists); sets the staff_session cookie",
    tags: ['admin'],
    body: staffSetupRequestSchema,
    response: staffEnvelope,
  },
  'staff-sign-out': {
    method: 'POST',
    path: 'staff-sign-out',
    session: false,
    roles: ANY_STAFF,
    summary: 'Staff sign-out: ends the session and clears the cookie',
    tags: ['admin'],
    body: z.object({}),
    response: dataEnvelope(successSchema),
  },
  'staff-me': {
    method: 'GET',
    path: 'staff-me',
    session: false,
    roles: ANY_STAFF,
    summary: 'The signed-in staff member',
    tags: ['admin'],
    response: staffEnvelope,
  },
  'staff-change-password': {
    method: 'POST',
    path: 'staff-change-password',
    session: false,
    roles: ANY_STAFF,
    summary: "Change one's own password; ends the other sessions",
    tags: ['admin'],
    body: staffChangePasswordRequestSchema,
    response: dataEnvelope(successSchema),
  },
  'staff-list': {
    method: 'POST',
    path: 'staff-list',
    session: false,
    roles: OWNER,
    summary: 'Every staff member, newest first, paginated',
    tags: ['admin'],
    query: pageQuerySchema,
    body: staffListFiltersSchema,
    response: dataEnvelope(paginatedList(staffMemberSchema)),
  },
  'staff-invite': {
    method: 'POST',
    path: 'staff-invite',
    session: false,
    roles: OWNER,
    summary: 'Invite a staff member: e-mails a set-password link',
    tags: ['admin'],
    body: staffInviteRequestSchema,
    response: staffEnvelope,
  },
  'staff-block': {
    method: 'POST',
    path: 'staff-block',
    session: false,
    roles: OWNER,
    summary: 'Block a staff member: their sessions end at once',
    tags: ['admin'],
    body: staffIdRequestSchema,
    response: staffEnvelope,
  },
  'staff-unblock': {
    method: 'POST',
    path: 'staff-unblock',
    session: false,
    roles: OWNER,
    summary: 'Unblock a staff member',
    tags: ['admin'],
    body: staffIdRequestSchema,
    response: staffEnvelope,
  },
  'audit-log-list': {
    method: 'POST',
    path: 'audit-log-list',
    session: false,
    roles: OWNER,
    summary: 'The audit log of staff writes, newest first, filtered by staff, entity and date, paginated',
    tags: ['admin'],
    query: pageQuerySchema,
    body: auditLogFiltersSchema,
    response: dataEnvelope(paginatedList(auditEntrySchema)),
  },
  'order-line-list': {
    method: 'POST',
    path: 'order-line-list',
    session: false,
    roles: SALES,
    summary:
      'The work queue: order lines found by article, brand, order number or client, filtered by status, lateness, supplier, client, date and order, newest first, paginated',
    tags: ['admin'],
    query: pageQuerySchema,
    body: adminOrderLineFiltersSchema,
    response: dataEnvelope(paginatedList(adminOrderLineSchema)),
  },
  'order-show': {
    method: 'POST',
    path: 'order-show',
    session: false,
    roles: SALES,
    summary: "An order's screen: client, delivery, lines with purchase and selling prices, margin and status history",
    tags: ['admin'],
    body: adminOrderShowRequestSchema,
    response: dataEnvelope(z.object({ order: adminOrderSchema })),
  },
  'order-line-status': {
    method: 'POST',
    path: 'order-line-status',
    session: false,
    roles: SALES,
    summary: 'Sets the status of many order lines at once: all or nothing, each change audited and in its history',
    tags: ['admin'],
    body: adminLineStatusRequestSchema,
    response: dataEnvelope(lineStatusChangeResultSchema),
  },
  'order-line-cancel': {
    method: 'POST',
    path: 'order-line-cancel',
    session: false,
    roles: SALES,
    summary: 'Cancels an order line: its stock goes back and it leaves an unpaid bill (a paid one is never rewritten)',
    tags: ['admin'],
    body: adminLineCancelRequestSchema,
    response: dataEnvelope(z.object({ order: adminOrderSchema })),
  },
  'order-line-counts': {
    method: 'GET',
    path: 'order-line-counts',
    session: false,
    roles: SALES,
    summary: "The navigation's counts: lines still new and lines past their expected day",
    tags: ['admin'],
    response: dataEnvelope(adminOrderCountsSchema),
  },
  'supplier-list': {
    method: 'GET',
    path: 'supplier-list',
    session: false,
    roles: SALES,
    summary: 'Every supplier by its real name (for the work queue filter)',
    tags: ['admin'],
    response: dataEnvelope(z.object({ suppliers: z.array(adminSupplierSchema) })),
  },
  // Payments and statements (payments.ts), clients (admin-clients.ts): owner and manager.
  ...paymentAdminEndpoints,
  ...clientAdminEndpoints,
  ...payerAdminEndpoints,
  // Pricing and settings (owner), content (owner and content editor): issue 15.
  ...pricingAdminEndpoints,
  ...contentAdminEndpoints,
  ...settingsAdminEndpoints,
  // Suppliers, their import profiles, uploads and import history (suppliers.ts): owner and manager.
  ...supplierAdminEndpoints,
  // Suppliers' price-list sources and their fetch history (supplier-sources.ts): owner and manager.
  ...supplierSourceAdminEndpoints,
  ...purchasingChannelEndpoints,
  // Brands, their spellings and cross-references (admin-catalog.ts): owner and manager.
  ...catalogAdminEndpoints,
  ...shipmentAdminEndpoints,
  // Cancel requests, returns and supplier returns (returns.ts, issue 32): owner and manager.
  ...returnAdminEndpoints,
  // Return rates of analog pairs, brands and suppliers (return-rates.ts, issue 32 point 6): owner and manager.
  ...returnRateAdminEndpoints,
  // The client ledger, credit terms, the stop-list and the debtors (ledger.ts, issue 31): owner and manager.
  ...ledgerAdminEndpoints,
  // Purchasing: supplier orders and goods receipts (purchasing.ts, issue 29): owner and manager.
  ...purchasingAdminEndpoints,
  // What the order screen shows of purchasing (purchasing-links.ts, decision 0051).
  ...purchasingLinkEndpoints,
});

export type AdminEndpoints = typeof adminEndpoints;
export type AdminEndpointPath = keyof AdminEndpoints;
