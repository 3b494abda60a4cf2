-- Up Migration
-- How many pictures the pupil's current card has: 2 (cards printed before pictures became three of twelve; docs/decisions/0029-pupil-sign-in-limits.md) or 3. The
-- join roster tells the sign-in screen how many to collect; the class page asks the teacher to reprint 2s.
ALTER TABLE classes.pupils ADD COLUMN picture_count smallint NOT NULL DEFAULT 2;

-- Down Migration
ALTER TABLE classes.pupils DROP COLUMN IF EXISTS picture_count;
