import { io, type Socket } from 'socket.io-client';
import { nextReconnectDelay } from './reconnect-schedule';

export type HubState = 'Disconnected' | 'Connecting' | 'Connected' | 'Disconnecting' | 'Reconnecting';

export type HubHandler = (payload: unknown) => void;

/** How long boot waits for the first connection before carrying on without it. */
const FIRST_CONNECT_WAIT_MS = 5_000;

/**
 * The real-time channel (socket.io at /hub, same origin). socket.io's own reconnection is off: this
 * client follows the product's schedule (0 s, 2 s, 10 s, 30 s, then stop) and asks for a fresh token
 * on every attempt.
 */
export class HubClient {
  private socket: Socket | null = null;
  private state: HubState = 'Disconnected';
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly handlers = new Map<string, Set<HubHandler>>();
  private readonly listeners = new Set<() => void>();

  /** Connects with tokens from `getToken`; resolves once connected, or after a short wait if not. */
  connect(getToken: () => Promise<string>): Promise<void> {
    if (this.socket) return Promise.resolve();
    const socket = io({
      path: '/hub',
      transports: ['websocket', 'polling'],
      autoConnect: false,
      reconnection: false,
      ackTimeout: 100_000,
      auth: (send) => {
        getToken().then(
          (token) => send({ token }),
          (error: unknown) => {
            console.warn('Real-time channel: no token for the connection.', error);
            send({});
          },
        );
      },
    });
    this.socket = socket;
    this.attach(socket);
    this.setState('Connecting');
    socket.connect();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(done, FIRST_CONNECT_WAIT_MS);
      socket.once('connect', done);
      socket.once('connect_error', done);
    });
  }

  disconnect(): void {
    this.clearRetry();
    const socket = this.socket;
    if (!socket) return;
    this.setState('Disconnecting');
    this.socket = null;
    socket.removeAllListeners();
    socket.offAny();
    socket.disconnect();
    this.setState('Disconnected');
  }

  /** The connection id the API uses to leave the caller out of its own broadcasts. */
  get connectionId(): string | null {
    return this.socket?.connected ? (this.socket.id ?? null) : null;
  }

  /** Listens to a server event; returns the function that stops listening. */
  on(event: string, handler: HubHandler): () => void {
    const set = this.handlers.get(event) ?? new Set<HubHandler>();
    set.add(handler);
    this.handlers.set(event, set);
    return () => set.delete(handler);
  }

  /**
   * Sends an event and waits for the server's acknowledgement. Rejects when the channel is not connected,
   * or when no answer comes within `timeoutMs`.
   */
  request(event: string, payload: unknown, timeoutMs = 10_000): Promise<unknown> {
    const socket = this.socket;
    if (!socket?.connected) return Promise.reject(new Error('The real-time channel is not connected.'));
    return socket.timeout(timeoutMs).emitWithAck(event, payload);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): HubState => this.state;

  private attach(socket: Socket): void {
    socket.on('connect', () => {
      this.attempt = 0;
      this.setState('Connected');
    });
    socket.on('connect_error', (error) => {
      console.warn('Real-time channel: connection failed.', error.message);
      this.scheduleReconnect(socket);
    });
    socket.on('disconnect', (reason) => {
      if (reason === 'io client disconnect') return;
      console.warn('Real-time channel: disconnected.', reason);
      this.scheduleReconnect(socket);
    });
    socket.onAny((event: string, payload: unknown) => {
      for (const handler of this.handlers.get(event) ?? []) {
        try {
          handler(payload);
        } catch (error) {
          console.error(`Real-time channel: handler for ${event} failed.`, error);
        }
      }
    });
  }

  private scheduleReconnect(socket: Socket): void {
    if (this.socket !== socket || this.retryTimer) return;
    const wait = nextReconnectDelay(this.attempt);
    if (wait === null) {
      console.warn('Real-time channel: giving up after repeated failures.');
      this.setState('Disconnected');
      return;
    }
    this.attempt += 1;
    this.setState('Reconnecting');
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.socket === socket) socket.connect();
    }, wait);
  }

  private clearRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.attempt = 0;
  }

  private setState(next: HubState): void {
    if (this.state === next) return;
    this.state = next;
    for (const listener of this.listeners) listener();
  }
}

/** The one hub connection of the app. */
export const hubClient = new HubClient();
