/** Classes: a teacher's classes, their pupils and assignments (the classes service and the teacher screens). */
export * from './assignments.js';
export * from './dashboard.js';
export * from './identity-number.js';
export * from './join-codes.js';
export * from './list-import.js';
export * from './login-cards.js';
export * from './pictures.js';
export * from './pupil-names.js';
export * from './pupils.js';
export * from './sign-in.js';
export * from './sign-in-link.js';
export * from './teacher-classes.js';
