import type { StoreRoutes } from './local-stores.js';

/** Routes as a run makes them (relays on the network's gateway), for the tests of what the containers get. */
export const SAMPLE_ROUTES: StoreRoutes & { address: string } = {
  address: '10.89.0.1',
  urls: {
    postgres: 'postgres://postgres@127.0.0.1:5432/mg_test_1',
    redis: 'redis://127.0.0.1:6379',
    rabbitmq: 'amqp://guest:guest@127.0.0.1:5672/mg_test_1',
    smtp: 'smtp://127.0.0.1:2525',
  },
  ports: { postgres: 41001, redis: 41002, rabbitmq: 41003, smtp: 41004 },
  redisPrefix: 'mgtest:1:',
};
