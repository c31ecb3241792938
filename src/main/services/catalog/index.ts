export { CatalogStore, CATALOG_MIGRATIONS, packageNames, type CatalogChange, type CatalogRefs } from './store'
export { importCatalog, exportCatalog, readCatalogTables, parseCatalogTables, catalogFromFile, splitSections } from './files'
export { sandboxCatalog } from './seed'
