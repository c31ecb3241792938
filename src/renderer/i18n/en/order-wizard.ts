/** English messages: the order wizard's Edit/Review switch and the hints at its fields. */
export default {
  orderWizard: {
    modes: 'Edit or review the order',
    packageProducts: 'Products inside packages do not count for this: the asset group needs at least one product of its own (only a “Revoke assets” entry may have none).',
  },
}
