export * from './amqp-inspect.js';
export * from './free-ports.js';
export * from './rabbitmq-vhost.js';
export * from './smtp-capture.js';
export * from './tcp-proxy.js';
export * from './test-environment.js';
export * from './test-tables.js';
export * from './wait-for.js';
