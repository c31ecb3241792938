/**
 * Adds every language's error sentences to the catalog (English is always in). Imported once by each entry of a
 * Node process (the desktop app, browser mode, the CLI, the standalone sandbox), which word errors in any language
 * at any time. The renderer does not import it: it adds a language's sentences with that language's messages.
 */
import { addCatalogLanguage } from './catalog'
import { ZH_CN_SENTENCES } from './catalog-zh-CN'

addCatalogLanguage('zh-CN', ZH_CN_SENTENCES)
