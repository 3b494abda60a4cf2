import {
  assignmentIdSchema,
  classAssignmentListSchema,
  classAssignmentResponseSchema,
  createAssignmentRequestSchema,
  pupilAssignmentListSchema,
} from '../classes/assignments.js';
import {
  classDashboardSchema,
  classProgressSchema,
  pupilProgressDetailSchema,
} from '../classes/dashboard.js';
import { joinCodeSchema } from '../classes/join-codes.js';
import { loginCardsRequestSchema, loginCardsResponseSchema } from '../classes/login-cards.js';
import {
  addPupilsRequestSchema,
  classListImportResponseSchema,
  classPupilListSchema,
  classPupilsResponseSchema,
  pupilIdSchema,
  renamePupilRequestSchema,
} from '../classes/pupils.js';
import {
  classJoinSchema,
  classSignInTroubleSchema,
  pupilCardRequestSchema,
  pupilCardSchema,
} from '../classes/sign-in.js';
import { pupilSignInLinkResponseSchema } from '../classes/sign-in-link.js';
import {
  classIdSchema,
  createClassRequestSchema,
  teacherClassListSchema,
  teacherClassResponseSchema,
  teacherClassSchema,
  updateClassRequestSchema,
} from '../classes/teacher-classes.js';
import { factsResponseSchema } from '../learning/fact-fluency.js';
import { classMasterySchema } from '../learning/mastery.js';
import { messageResponseSchema } from '../schemas/index.js';
import type { Operation } from './operation.js';
import { fluencyThresholdQuery } from './results-operations.js';

const classId = { classId: classIdSchema.meta({ example: 12 }) };
const pupil = { ...classId, pupilId: pupilIdSchema.meta({ example: 301 }) };
const assignment = { ...classId, assignmentId: assignmentIdSchema.meta({ example: 5 }) };
/** A due date the route accepts whenever the document is built (it must lie ahead, within the allowed days). */
const aWeekFromNow = () => new Date(Date.now() + 7 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
const classFull = { 409: 'The class would have more pupils than it may (`class_full`)' };
const done = (message: string) => ({
  status: 200 as const,
  schema: messageResponseSchema,
  description: 'Done',
  example: { message },
});

type ClassOperation = Omit<Operation, 'tag' | 'access'> & Partial<Pick<Operation, 'tag' | 'access'>>;

/** A teacher's routes unless said otherwise; another teacher's class or pupil answers 404 like a missing one. */
const teacher = (op: ClassOperation): Operation => ({ tag: 'classes', access: 'teacher', ...op });

export const classesOperations: Operation[] = [
  teacher({
    method: 'get',
    path: '/api/class-codes/:code',
    operationId: 'lookUpClassByCode',
    summary: 'The class a join code opens: its name, the pupils’ first names and a sign-in ticket',
    access: 'public',
    params: { code: joinCodeSchema.meta({ example: 'K7M2PX' }) },
    ok: {
      status: 200,
      schema: classJoinSchema,
      description: 'The class (an unknown, closed or archived one is 404)',
    },
  }),
  teacher({
    method: 'post',
    path: '/api/classes/pupil-card',
    operationId: 'getPupilCard',
    summary: 'How many pictures a pupil of the ticket’s class taps (the roster does not say)',
    access: 'public',
    body: {
      schema: pupilCardRequestSchema,
      example: { ticket: 'v1.12.1765090000.aGVsbG8', pupilId: 7 },
    },
    ok: { status: 200, schema: pupilCardSchema, description: 'The card', example: { pictureCount: 3 } },
    also: {
      401: 'The ticket is malformed, expired or of another class than the pupil’s (`join_ticket_invalid`)',
    },
  }),
  teacher({
    method: 'get',
    path: '/api/classes',
    operationId: 'listClasses',
    summary: 'The signed-in teacher’s classes',
    ok: { status: 200, schema: teacherClassListSchema, description: 'Classes', example: { items: [] } },
  }),
  teacher({
    method: 'post',
    path: '/api/classes',
    operationId: 'createClass',
    summary: 'Create a class',
    body: { schema: createClassRequestSchema, example: { name: '2-B', grade: 2 } },
    ok: { status: 201, schema: teacherClassResponseSchema, description: 'Created, with its join code' },
    also: { 409: 'The teacher has as many classes as they may (`class_limit_reached`)' },
  }),
  teacher({
    method: 'get',
    path: '/api/classes/:classId',
    operationId: 'getClass',
    summary: 'One class of the teacher’s',
    params: classId,
    ok: { status: 200, schema: teacherClassSchema, description: 'The class' },
  }),
  teacher({
    method: 'patch',
    path: '/api/classes/:classId',
    operationId: 'updateClass',
    summary: 'Rename a class, change its grade, open or close joining, archive it',
    params: classId,
    body: { schema: updateClassRequestSchema, example: { joiningOpen: false } },
    ok: { status: 200, schema: teacherClassResponseSchema, description: 'Updated' },
  }),
  teacher({
    method: 'delete',
    path: '/api/classes/:classId',
    operationId: 'deleteClass',
    summary: 'Delete a class and its pupils’ accounts',
    params: classId,
    ok: done('Class deleted'),
  }),
  teacher({
    method: 'post',
    path: '/api/classes/:classId/join-code',
    operationId: 'regenerateJoinCode',
    summary: 'A new join code (the old one and its tickets stop working)',
    params: classId,
    ok: { status: 200, schema: teacherClassResponseSchema, description: 'The class with its new code' },
  }),
  teacher({
    method: 'get',
    path: '/api/classes/:classId/sign-in-trouble',
    operationId: 'getClassSignInTrouble',
    summary: 'Where wrong pictures came from lately (places, never addresses), and today’s daily caps',
    params: classId,
    ok: {
      status: 200,
      schema: classSignInTroubleSchema,
      description: 'Places, latest first; the class’s day from outside the school; pupils at their daily cap',
    },
  }),
  teacher({
    method: 'post',
    path: '/api/classes/:classId/sign-in-trouble/reset',
    operationId: 'resetClassSignIn',
    summary: 'Clear the pauses and the daily caps, and give the class a new code',
    params: classId,
    ok: { status: 200, schema: teacherClassResponseSchema, description: 'The class with its new code' },
  }),
  teacher({
    method: 'get',
    path: '/api/classes/:classId/progress',
    operationId: 'getClassProgress',
    summary: 'This week’s questions and accuracy per pupil',
    params: classId,
    ok: { status: 200, schema: classProgressSchema, description: 'One row per pupil' },
  }),
  teacher({
    method: 'get',
    path: '/api/classes/:classId/dashboard',
    operationId: 'getClassDashboard',
    summary: 'The class grid (pupil × topic) and the class’s commonest mistakes',
    params: classId,
    ok: { status: 200, schema: classDashboardSchema, description: 'The grid' },
  }),
  teacher({
    method: 'get',
    path: '/api/classes/:classId/outcomes',
    operationId: 'getClassOutcomeMastery',
    summary: 'Mastery per curriculum outcome for every pupil of the class',
    params: classId,
    ok: { status: 200, schema: classMasterySchema, description: 'The class × outcome grid' },
  }),
  teacher({
    method: 'get',
    path: '/api/classes/:classId/pupils',
    operationId: 'listClassPupils',
    summary: 'The class’s pupils',
    tag: 'pupils',
    params: classId,
    ok: { status: 200, schema: classPupilListSchema, description: 'Pupils' },
  }),
  teacher({
    method: 'post',
    path: '/api/classes/:classId/pupils',
    operationId: 'addClassPupils',
    summary: 'Add pupils by name (each gets an account and pictures)',
    tag: 'pupils',
    params: classId,
    body: { schema: addPupilsRequestSchema, example: { names: ['Ali Kaya', 'Elif Demir'] } },
    ok: { status: 201, schema: classPupilsResponseSchema, description: 'The new pupils' },
    also: classFull,
  }),
  teacher({
    method: 'post',
    path: '/api/classes/:classId/pupils/import',
    operationId: 'importClassList',
    summary: 'Add the names of a class list (from e-Okul) the class does not have yet',
    tag: 'pupils',
    params: classId,
    body: { schema: addPupilsRequestSchema, example: { names: ['Ali Kaya', 'Elif Demir', 'Can Öztürk'] } },
    ok: {
      status: 201,
      schema: classListImportResponseSchema,
      description: 'Added the new names',
    },
    also: { 200: 'Every name was already in the class: nothing added', ...classFull },
  }),
  teacher({
    method: 'patch',
    path: '/api/classes/:classId/pupils/:pupilId',
    operationId: 'renameClassPupil',
    summary: 'Rename a pupil',
    tag: 'pupils',
    params: pupil,
    body: { schema: renamePupilRequestSchema, example: { name: 'Ali Can Kaya' } },
    ok: { status: 200, schema: classPupilsResponseSchema, description: 'The renamed pupil' },
  }),
  teacher({
    method: 'delete',
    path: '/api/classes/:classId/pupils/:pupilId',
    operationId: 'removeClassPupil',
    summary: 'Remove a pupil and erase their account',
    tag: 'pupils',
    params: pupil,
    ok: done('Pupil removed'),
  }),
  teacher({
    method: 'post',
    path: '/api/classes/:classId/pupils/:pupilId/pictures',
    operationId: 'resetPupilPictures',
    summary: 'New pictures for a pupil (the old card stops working)',
    tag: 'pupils',
    params: pupil,
    ok: { status: 200, schema: classPupilsResponseSchema, description: 'The pupil with new pictures' },
  }),
  teacher({
    method: 'post',
    path: '/api/classes/:classId/pupils/:pupilId/unlock',
    operationId: 'unlockPupil',
    summary: 'End a pupil’s pause after wrong pictures',
    tag: 'pupils',
    params: pupil,
    ok: done('Unlocked'),
  }),
  teacher({
    method: 'post',
    path: '/api/classes/:classId/pupils/:pupilId/sign-in-link',
    operationId: 'createPupilSignInLink',
    summary: 'A new QR sign-in secret for a pupil (shown once)',
    tag: 'pupils',
    params: pupil,
    ok: { status: 201, schema: pupilSignInLinkResponseSchema, description: 'The secret' },
  }),
  teacher({
    method: 'delete',
    path: '/api/classes/:classId/pupils/:pupilId/sign-in-link',
    operationId: 'revokePupilSignInLink',
    summary: 'Stop a pupil’s QR card from working',
    tag: 'pupils',
    params: pupil,
    ok: done('QR card revoked'),
  }),
  teacher({
    method: 'get',
    path: '/api/classes/:classId/pupils/:pupilId/progress',
    operationId: 'getPupilProgress',
    summary: 'One pupil’s history, topics and mistakes',
    tag: 'pupils',
    params: pupil,
    ok: { status: 200, schema: pupilProgressDetailSchema, description: 'The pupil’s progress' },
  }),
  teacher({
    method: 'get',
    path: '/api/classes/:classId/pupils/:pupilId/facts',
    operationId: 'getPupilFactFluency',
    summary: 'One pupil’s fact fluency',
    tag: 'pupils',
    params: pupil,
    query: fluencyThresholdQuery,
    ok: { status: 200, schema: factsResponseSchema, description: 'Every fact the pupil tried' },
  }),
  teacher({
    method: 'post',
    path: '/api/classes/:classId/cards',
    operationId: 'issueLoginCards',
    summary: 'Printable login cards: new pictures and QR secrets for the given pupils (all when none given)',
    tag: 'pupils',
    params: classId,
    body: { schema: loginCardsRequestSchema, example: { pupilIds: [301, 302] } },
    ok: { status: 200, schema: loginCardsResponseSchema, description: 'One card per pupil' },
  }),
  teacher({
    method: 'get',
    path: '/api/classes/me/assignments',
    operationId: 'listMyAssignments',
    summary: 'The signed-in pupil’s open assignments, done or not',
    tag: 'assignments',
    access: 'pupil',
    ok: {
      status: 200,
      schema: pupilAssignmentListSchema,
      description: 'Assignments',
      example: { items: [] },
    },
  }),
  teacher({
    method: 'get',
    path: '/api/classes/:classId/assignments',
    operationId: 'listClassAssignments',
    summary: 'A class’s assignments with each pupil’s result',
    tag: 'assignments',
    params: classId,
    ok: { status: 200, schema: classAssignmentListSchema, description: 'Assignments' },
  }),
  teacher({
    method: 'post',
    path: '/api/classes/:classId/assignments',
    operationId: 'createAssignment',
    summary: 'Assign a practice to the class',
    tag: 'assignments',
    params: classId,
    body: {
      schema: createAssignmentRequestSchema,
      example: { gameType: 'çarpma', difficulty: 'kolay', questionsCount: 10, dueAt: aWeekFromNow() },
    },
    ok: { status: 201, schema: classAssignmentResponseSchema, description: 'Assigned' },
    also: { 409: 'The class has as many open assignments as it may (`assignment_limit_reached`)' },
  }),
  teacher({
    method: 'post',
    path: '/api/classes/:classId/assignments/:assignmentId/close',
    operationId: 'closeAssignment',
    summary: 'Close an assignment before its due date',
    tag: 'assignments',
    params: assignment,
    ok: done('Assignment closed'),
  }),
  teacher({
    method: 'delete',
    path: '/api/classes/:classId/assignments/:assignmentId',
    operationId: 'deleteAssignment',
    summary: 'Delete an assignment',
    tag: 'assignments',
    params: assignment,
    ok: done('Assignment deleted'),
  }),
];
