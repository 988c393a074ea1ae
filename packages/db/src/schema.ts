import * as people from './schema/people';
import * as access from './schema/access';
import * as operations from './schema/operations';
import * as programmes from './schema/programmes';
import * as administration from './schema/administration';
import * as communication from './schema/communication';
import * as learning from './schema/learning';
import * as similarity from './schema/similarity';
import * as quiz from './schema/quiz';
import * as wbt from './schema/wbt';
import * as discussions from './schema/discussions';
import * as dropout from './schema/dropout';
import * as bachelor from './schema/bachelor';

/** The whole Drizzle schema, for the client's relational queries. */
export const schema = {
  ...people,
  ...access,
  ...operations,
  ...programmes,
  ...administration,
  ...communication,
  ...learning,
  ...similarity,
  ...quiz,
  ...wbt,
  ...discussions,
  ...dropout,
  ...bachelor,
};
