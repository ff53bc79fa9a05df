// A plain HTTP server on an ephemeral port of 127.0.0.1, for emulations and tests that need a real peer.
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A listening emulation: its base URL and how to stop it. */
export interface Listening {
  url: string;
  close(): Promise<void>;
}

/** Listens on an ephemeral port of 127.0.0.1. */
export async function listenLocal(handler: RequestListener): Promise<Listening & { server: Server }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
