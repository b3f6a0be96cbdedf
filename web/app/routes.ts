import { index, layout, route } from '@react-router/dev/routes';
import type { RouteConfig } from '@react-router/dev/routes';
import { DEFAULT_LAYOUT } from '@detal/contract/browser';

/**
 * Every route of spec section 2. Access marks (public / guest / session) are each page's `handle`; its loader
 * applies them through lib/access.ts.
 */
export default [
  layout('layouts/default.tsx', { id: DEFAULT_LAYOUT }, [
    index('routes/home.tsx'),
    route('login', 'routes/login.tsx'),
    route('register', 'routes/register.tsx'),
    route('reset-password', 'routes/reset-password.tsx'),
    route('cart', 'routes/cart.tsx'),
    route('contacts', 'routes/contacts.tsx'),
    route('catalog', 'routes/catalog.tsx'),
    route('catalog/:slug', 'routes/catalog-group.tsx'),
    route('recommendations', 'routes/recommendations.tsx'),
    // Search by list (decision 0029): a static segment, ranked above `search/:article` and listed before it.
    route('search/list', 'routes/search-list.tsx'),
    route('search/:article', 'routes/search-article.tsx'),
    route('search/:brand_name/:article', 'routes/search-brand-article.tsx'),
    route('articles', 'routes/articles.tsx'),
    route('articles/:slug', 'routes/article.tsx'),
    route('news', 'routes/news.tsx'),
    route('news/:slug', 'routes/news-item.tsx'),
    route('orders', 'routes/orders.tsx'),
    route('orders/create', 'routes/order-create.tsx'),
    route('orders/:id', 'routes/order.tsx'),
    route('account', 'routes/account.tsx'),
    route('bills', 'routes/bills.tsx'),
    route('bills/common', 'routes/bills-common.tsx'),
    route('bills/documents', 'routes/bills-documents.tsx'),
    route('payment', 'routes/payment.tsx'),
    // Cancels and returns (issue 32, decision 0063): the client's returns and the request to return an issued line.
    route('returns', 'routes/returns.tsx'),
    route('returns/new', 'routes/return-create.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
  // The back office (issue 14): its own layout, staff session required; sign-in and the link page outside it.
  route('admin/login', 'routes/admin-login.tsx'),
  route('admin/set-password', 'routes/admin-set-password.tsx'),
  route('admin/setup', 'routes/admin-setup.tsx'),
  layout('layouts/admin.tsx', [
    route('admin', 'routes/admin-index.tsx'),
    route('admin/orders', 'routes/admin-orders.tsx'),
    route('admin/orders/:id', 'routes/admin-order.tsx'),
    // Purchasing (issue 29, decision 0051): «К заказу», supplier orders, goods receipts.
    route('admin/purchasing', 'routes/admin-purchasing.tsx'),
    route('admin/purchasing/orders', 'routes/admin-supplier-orders.tsx'),
    route('admin/purchasing/orders/:id', 'routes/admin-supplier-order.tsx'),
    route('admin/purchasing/receipts', 'routes/admin-goods-receipts.tsx'),
    route('admin/purchasing/receipts/:id', 'routes/admin-goods-receipt.tsx'),
    // Cancels and returns (issue 32, decision 0064): static segments before `:id`.
    route('admin/returns', 'routes/admin-returns.tsx'),
    route('admin/returns/cancels', 'routes/admin-cancel-requests.tsx'),
    route('admin/returns/supplier', 'routes/admin-supplier-returns.tsx'),
    route('admin/returns/policies', 'routes/admin-return-policies.tsx'),
    route('admin/returns/rates', 'routes/admin-return-rates.tsx'),
    route('admin/returns/:id', 'routes/admin-return.tsx'),
    route('admin/payments', 'routes/admin-payments.tsx'),
    route('admin/clients', 'routes/admin-clients.tsx'),
    // The ledger (issue 31): debtors and statement lines waiting for staff, static segments before `:id`.
    route('admin/clients/debtors', 'routes/admin-debtors.tsx'),
    route('admin/clients/unmatched-payments', 'routes/admin-unmatched-payments.tsx'),
    route('admin/clients/:id', 'routes/admin-client.tsx'),
    route('admin/suppliers', 'routes/admin-suppliers.tsx'),
    route('admin/suppliers/cross-references', 'routes/admin-cross-references.tsx'),
    route('admin/suppliers/brands', 'routes/admin-brands.tsx'),
    route('admin/suppliers/:id', 'routes/admin-supplier.tsx'),
    // The supplier's list source and schedule, a page of its own linked from the supplier's screen (decision 0025).
    route('admin/suppliers/:id/source', 'routes/admin-supplier-source.tsx'),
    // How the shop orders from the supplier: channel, file templates, API (issue 29, decision 0051).
    route('admin/suppliers/:id/ordering', 'routes/admin-supplier-ordering.tsx'),
    route('admin/staff', 'routes/admin-staff.tsx'),
    route('admin/audit', 'routes/admin-audit.tsx'),
    route('admin/pricing', 'routes/admin-pricing.tsx'),
    route('admin/content', 'routes/admin-content.tsx'),
    route('admin/content/pages/:id', 'routes/admin-content-page.tsx'),
    route('admin/content/news/:id', 'routes/admin-content-news.tsx'),
    route('admin/settings', 'routes/admin-settings.tsx'),
    route('admin/shipments', 'routes/admin-shipments.tsx'),
    route('admin/shipments/issue', 'routes/admin-shipment-issue.tsx'),
  ]),
  // Resource routes, outside the page layout: the search forms' target without scripts, plain text for crawlers.
  route('search', 'routes/search-form.ts'),
  // A return's photo shown back to its client (decision 0063): the API wants the bearer an `<img>` cannot send.
  route('returns/photo/:id', 'routes/return-photo.ts'),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
] satisfies RouteConfig;
