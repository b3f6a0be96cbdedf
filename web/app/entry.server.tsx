import { PassThrough } from 'node:stream';
import type { AppLoadContext, EntryContext, HandleErrorFunction } from 'react-router';
import { createReadableStreamFromReadable } from '@react-router/node';
import { ServerRouter } from 'react-router';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import { PERSONAL_CACHE_CONTROL, isPersonalPage } from './lib/access.ts';
import { botErrorResponse } from './lib/bot-response.ts';

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
): Response | Promise<Response> {
  // Route modules are keyed by the matched routes' ids; the layout routes carry no access mark.
  const handles = routerContext.staticHandlerContext.matches.map(
    (match) => routerContext.routeModules[match.route.id]?.handle,
  );
  if (isPersonalPage(request, handles)) responseHeaders.set('Cache-Control', PERSONAL_CACHE_CONTROL);

  const forBot = botErrorResponse(request, responseStatusCode, responseHeaders);
  if (forBot) return forBot;

  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Bots get the whole document at once; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      isbot(userAgent) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    // The server's Content-Security-Policy lets inline scripts run only with this response's nonce.
    const nonce = loadContext.cspNonce;
    const router = <ServerRouter context={routerContext} url={request.url} nonce={nonce} />;
    const { pipe, abort } = renderToPipeableStream(router, {
      nonce,
      [readyOption]() {
        shellRendered = true;
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        const stream = createReadableStreamFromReadable(body);
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        pipe(body);
        resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors of the initial shell are logged by React Router itself when it renders the error boundary.
        if (shellRendered) console.error(error);
      },
    });
  });
}

/** Loader data for client navigations: a signed-in visitor's data is theirs alone. */
export function handleDataRequest(response: Response, { request }: { request: Request }): Response {
  if (isPersonalPage(request, [])) response.headers.set('Cache-Control', PERSONAL_CACHE_CONTROL);
  return response;
}

/** Server render and loader failures go to the server's log (with the request id) when it provides one. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // A visitor who went away mid-render is no failure.
  if (request.signal.aborted) return;
  if (context.logError) context.logError(error);
  else console.error(error);
};
