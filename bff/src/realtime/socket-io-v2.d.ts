// socket.io 2 under npm aliases: the legacy's dashboard socket speaks its protocol. Only what we use is typed.
declare module 'socket.io-client-v2' {
  export interface V2Socket {
    connected: boolean;
    on(event: string, listener: (...args: unknown[]) => void): V2Socket;
    emit(event: string, ...args: unknown[]): V2Socket;
    close(): V2Socket;
    connect(): V2Socket;
  }
  function io(url: string, opts?: Record<string, unknown>): V2Socket;
  export default io;
}
declare module 'socket.io-v2' {
  import type { Server as HttpServer } from 'node:http';
  export interface V2ServerSocket {
    id: string;
    handshake: { headers: Record<string, string | undefined> };
    join(room: string): void;
    emit(event: string, ...args: unknown[]): void;
    on(event: string, listener: (...args: unknown[]) => void): void;
    disconnect(close?: boolean): void;
  }
  export interface V2Server {
    on(event: 'connection', listener: (socket: V2ServerSocket) => void): void;
    to(room: string): { emit(event: string, ...args: unknown[]): void };
    emit(event: string, ...args: unknown[]): void;
    close(cb?: () => void): void;
    sockets: { sockets: Record<string, V2ServerSocket> };
  }
  function createServer(srv: HttpServer, opts?: Record<string, unknown>): V2Server;
  export default createServer;
}
