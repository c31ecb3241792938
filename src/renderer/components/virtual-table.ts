/** Types of VirtualTable.vue: its columns, and what it tells its parent. */

/** One column of a VirtualTable. */
export interface TableColumn<R> {
  key: string
  title: string
  /** Width in pixels; with `grow`, the least width, the column taking what the others leave. */
  width: number
  grow?: boolean
  align?: 'left' | 'center' | 'right'
  /** Whether clicking the header asks for a sort by this column (the `sort` event). */
  sortable?: boolean
  /**
   * The cell's text. Called for each row that comes into view while scrolling: return strings that already
   * exist (fields, words looked up once, values cached per row) rather than building new ones.
   */
  text?: (row: R) => string
  /** Class of the text's element (default none); same advice as `text`. */
  textClass?: (row: R) => string
  /** Tooltip of the cell (default none). */
  tooltip?: (row: R) => string
  /** Instead of text: a checkbox, checked per row, with an accessible name (the `check` event). */
  check?: { checked: (row: R) => boolean; label: (row: R) => string }
}

/** The table's sort as shown in its header (the parent owns it). */
export interface TableSort {
  key: string
  order: 'asc' | 'desc'
}
