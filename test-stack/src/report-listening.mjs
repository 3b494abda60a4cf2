// Preloaded into every process the e2e harness starts (`node --import`): tells the harness, over the IPC
// channel, which port the process itself is listening on. Another process answering on a port the harness
// picked (ports picked ahead of time can be taken by another process) is then never mistaken for ours.
import { Server } from 'node:net';

const listen = Server.prototype.listen;
Server.prototype.listen = function listenAndReport(...args) {
  this.once('listening', () => {
    const address = this.address();
    if (address && typeof address === 'object') process.send?.({ listening: address.port });
  });
  return listen.apply(this, args);
};
