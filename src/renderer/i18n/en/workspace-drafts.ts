/** English messages: order drafts shared through the team workspace (owner, state, hand-over for review). */
export default {
  workspaceDrafts: {
    filtered: 'Ready for review: {n} of {total}',
    ownerLabel: 'Prepared by {who} on {from}',
    state: {
      preparing: 'Being prepared',
      review: 'Ready for review',
      submitted: 'Submitted by {who} from {from}',
    },
    filter: {
      label: 'Show',
      all: 'All drafts',
      review: 'Ready for review ({n})',
    },
    reviewEmpty: 'No draft is ready for review. Drafts a colleague hands over appear here.',
    notYours: 'Prepared by {who} on {from}: only they rename or remove it',
    notYoursSelected: 'A ticked draft is prepared by {who} on {from}: only they remove it. Untick it to remove the others.',
    readOnlySave: 'Read-only: nothing you do here is saved',
    handOver: 'Hand over for review',
    handOverTitle: 'Hand over “{name}” for review?',
    handOverBody:
      'Your colleagues see it as ready for review: one of them opens it and submits it, once for the whole team. It stays yours on this list, and changes you make until then reach them too.',
    handOverDone: '“{name}” is ready for review.',
    banner: {
      colleague: 'Being prepared by {who} on {from}; your changes are not saved to the team',
      colleagueBody: 'You can read this draft but not change it. To work on it yourself, take a copy of your own with a new order number.',
      review: 'Ready for review: handed over by {who} on {from}',
      reviewBody: 'Check it, mark it ready and submit it. It is submitted once for the team: if a colleague submits it first, you are told who.',
      submitted: 'Submitted by {who} from {from}',
      submittedBody: 'This draft was sent as an order; it is not sent again. You can read it here.',
      copy: 'Take a copy',
      copyName: '{name} (my copy)',
      copied: 'Your copy “{name}” is open.',
    },
  },
}
