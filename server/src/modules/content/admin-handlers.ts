import { nowFor } from '../../http/clock.ts';
import type { AdminHandlers, AppDeps } from '../../http/handlers.ts';
import { signedInStaff } from '../../http/staff-auth.ts';
import {
  adminNews,
  adminPage,
  contentScreen,
  previewContentHtml,
  recommendationCandidates,
  saveMenus,
  saveNewsFromScreen,
  savePageFromScreen,
  saveRecommendations,
  setContentPublished,
} from './admin.ts';

/** The content screens (owner, content editor): pages, news, menus, the home page's recommendations. */
export function createContentAdminHandlers({ database: { db } }: AppDeps): AdminHandlers {
  return {
    'content-show': () => contentScreen(db),
    'page-show': async ({ body }) => ({ page: await adminPage(db, body.id) }),
    'page-save': async ({ staff, body, request }) => ({
      page: await savePageFromScreen(db, signedInStaff(staff).staffId, body, nowFor(request)),
    }),
    'news-show': async ({ body }) => ({ news: await adminNews(db, body.id) }),
    'news-save': async ({ staff, body, request }) => ({
      news: await saveNewsFromScreen(db, signedInStaff(staff).staffId, body, nowFor(request)),
    }),
    'content-publish': async ({ staff, body, request }) => {
      await setContentPublished(db, signedInStaff(staff).staffId, body.kind, body.id, body.published, nowFor(request));
      return { success: true };
    },
    'content-preview': async ({ body }) => ({ content_html: previewContentHtml(body.content_html) }),
    'menus-save': async ({ staff, body, request }) => {
      await saveMenus(db, signedInStaff(staff).staffId, body, nowFor(request));
      return contentScreen(db);
    },
    'recommendation-candidates': ({ body }) => recommendationCandidates(db, body.article),
    'recommendations-save': async ({ staff, body, request }) => {
      await saveRecommendations(db, signedInStaff(staff).staffId, body.items, nowFor(request));
      return contentScreen(db);
    },
  };
}
