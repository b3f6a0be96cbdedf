import type net from 'node:net';

/** Everything the server sends on a raw `socket` until it closes the connection. */
export const answerOf = (socket: net.Socket) =>
  new Promise<string>((resolve) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    socket.on('close', () => resolve(text));
    socket.on('error', () => undefined);
  });
