/** 新用户试用中发现的问题（问题 31）所需的文字：向导中尚未显示的问题等。 */
export default {
  orderTour: {
    issuesHidden: '另有 {n} 个问题在尚未填写的字段。',
    showAll: '全部显示',
  },
}
