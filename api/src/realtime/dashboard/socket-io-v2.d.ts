// socket.io-client 2 under an npm alias (the legacy dashboard's protocol); only what the tests use is typed.
declare module 'socket.io-client-v2' {
  export interface V2Socket {
    connected: boolean;
    io: { engine: { transport: { name: string } } };
    on(event: string, listener: (...args: unknown[]) => void): V2Socket;
    emit(event: string, ...args: unknown[]): V2Socket;
    close(): V2Socket;
  }
  function io(url: string, opts?: Record<string, unknown>): V2Socket;
  export default io;
}
