import { describeAxeSweep } from './harness/axe-sweep.js';
import { withStackAndBrowser } from './harness/index.js';

// The axe sweep's English half (harness/axe-sweep.ts); the Turkish half is audit-tr.test.ts.
describeAxeSweep(withStackAndBrowser(), 'en');
