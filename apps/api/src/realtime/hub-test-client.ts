import { io as connect, type Socket } from 'socket.io-client';

// How hub tests connect and listen, as a browser page would.

/** Connects to the hub at `url` with a token (or none), resolving once connected; `opened` collects it. */
export async function openHub(url: string, token: string | null, opened: Socket[]): Promise<Socket> {
  const socket = connect(url, {
    path: '/hub',
    transports: ['websocket'],
    auth: token ? { token } : {},
    reconnection: false,
  });
  opened.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Collects the events of a type a socket receives. */
export function collect(socket: Socket, type: string) {
  const received: unknown[] = [];
  socket.on(type, (payload: unknown) => received.push(payload));
  return received;
}

/** Long enough for a published event to reach the sockets of this process. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 150));
