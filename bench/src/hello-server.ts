// The framework floor: a Fastify hello-world in its own process, without a logger.
// Run by lib/load.ts with `node --import tsx`; prints "listening on <port>".
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', () => ({ hello: 'world' }));

const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`listening on ${new URL(address).port}\n`);

const stop = () => {
  void app.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
