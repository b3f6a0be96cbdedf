import type { FastifyInstance } from 'fastify';

/**
 * Lets a closing app end its keep-alive connections. `app.close()` stops accepting connections and drops the idle
 * ones, but a connection busy with a request at that moment becomes idle again afterwards and stays open until the
 * client (a proxy keeps its upstream connections for a minute) closes it: the close, and the rolling restart, would
 * wait that long. So every answer sent while closing says `Connection: close`: the proxy sends nothing more on
 * that connection (no request is lost to a closing socket) and Node closes it once the answer is out.
 */
export function closeConnectionsWhenClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
}
