/** The app's database and the schema of every area that keeps data in it. */
import { DRAFT_MIGRATIONS } from '../drafts/drafts'
import { CUSTOMER_MIGRATIONS } from '../customers/book'
import { ORDER_MIGRATIONS } from '../orders/store'
import { CATALOG_MIGRATIONS } from '../catalog/store'
import { WORKSPACE_MIGRATIONS } from '../workspace/local'
import type { Migration } from './database'

export { Database, openDatabase, likePattern, DB_FILE, type Migration, type Sqlite } from './database'

/** Every area's migrations, in the order they run. An area appends its own list here. */
export const MIGRATIONS: readonly Migration[] = [...DRAFT_MIGRATIONS, ...CUSTOMER_MIGRATIONS, ...CATALOG_MIGRATIONS, ...ORDER_MIGRATIONS, ...WORKSPACE_MIGRATIONS]
