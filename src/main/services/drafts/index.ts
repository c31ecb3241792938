export { DraftStore, DRAFT_MIGRATIONS, type DraftListQuery, type DraftSave } from './drafts'
