import type { Db } from '@lantern/db/client';
import type { Config } from '../plugins/env';
import type { Mailer } from '../plugins/mail';
import type { FileStore } from '../plugins/storage';
import type { AccessTokenPayload } from '../plugins/auth';
import type { AnnouncementDelivery } from './notifications';
import type { SimilarityDispatch } from './similarity-dispatch';

/** What route modules need from the app; handed to each module when it registers. */
export type Deps = {
  db: Db;
  config: Config;
  mailer: Mailer;
  files: FileStore;
  signAccessToken: (payload: AccessTokenPayload) => string;
  /** Makes an announcement's notifications in the background (the job workers, or in process). */
  announcementDelivery: AnnouncementDelivery;
  /** Runs similarity checks (decision 0020 §5.2): job workers, or in process after the response. */
  similarity: SimilarityDispatch;
};
