/** English messages: what to do when the customer book has nothing (the picker's empty state, the Sandbox's demo customers) and customer names where ids were shown. */
export default {
  bookHints: {
    picker: {
      bookEmpty: 'Your customer book for this connection is empty.',
      noMatch: 'No customer in your book matches “{query}”. What you typed stays as the {field}: it is not a customer name.',
      find: 'Find on the service…',
      add: 'Add a customer',
    },
    demo: {
      action: 'Add the Sandbox’s demo customers',
      hint: 'The Sandbox has {n} demo customers in {e} enterprises (演示科技有限公司 and others): add them to the book to pick them here.',
      added: 'Added {n} demo customers of the Sandbox to the book. | Added {n} demo customer of the Sandbox to the book. | Added {n} demo customers of the Sandbox to the book.',
      already: 'The Sandbox’s demo customers are in the book already.',
      failed: 'Could not add the demo customers: {error}',
    },
    drafts: {
      order: 'Order {number}',
    },
  },
}
