import { describeAxeSweep } from './harness/axe-sweep.js';
import { withStackAndBrowser } from './harness/index.js';

// The axe sweep's Turkish half (harness/axe-sweep.ts); the English half is audit-en.test.ts.
describeAxeSweep(withStackAndBrowser(), 'tr');
