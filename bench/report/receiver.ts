/** The webhook receiver the bench's endpoint delivers to. */
import { createServer, type Server } from 'node:http';

/** A receiver that answers every delivery at once, so deliveries settle; and its port. */
export async function startReceiver(): Promise<{ receiver: Server; receiverPort: number }> {
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200).end('ok'));
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const receiverPort = (receiver.address() as { port: number }).port;
  return { receiver, receiverPort };
}
