// Column helpers the bachelor tables share: time stamps, versions and a user who acted.
import { integer, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../people';

export const tz = (name: string) => timestamp(name, { withTimezone: true });
export const userRef = (name: string) =>
  integer(name).references(() => users.jwlId, { onDelete: 'set null' });
export const stamps = {
  version: integer('version').notNull().default(1),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
};
