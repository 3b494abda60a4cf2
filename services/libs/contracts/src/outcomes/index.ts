export * from './map.js';
export * from './practice.js';
export * from './skill-of.js';
