/** 简体中文 messages: order drafts shared through the team workspace (owner, state, hand-over for review). */
export default {
  workspaceDrafts: {
    filtered: '待审核：{n} / {total}',
    ownerLabel: '由 {who} 在 {from} 准备',
    state: {
      preparing: '准备中',
      review: '待审核',
      submitted: '已由 {who} 在 {from} 提交',
    },
    filter: {
      label: '显示',
      all: '全部草稿',
      review: '待审核（{n}）',
    },
    reviewEmpty: '没有待审核的草稿。同事移交审核的草稿会显示在这里。',
    notYours: '由 {who} 在 {from} 准备：只有其本人可以重命名或删除',
    notYoursSelected: '勾选的草稿中有一份由 {who} 在 {from} 准备：只有其本人可以删除。取消勾选它即可删除其他草稿。',
    readOnlySave: '只读：您在此处的操作不会被保存',
    handOver: '移交审核',
    handOverTitle: '将“{name}”移交审核？',
    handOverBody: '同事们会看到它为待审核：由其中一人打开并提交，整个团队只提交一次。它仍在您的列表中，在此之前您所做的修改也会同步给他们。',
    handOverDone: '“{name}”已待审核。',
    banner: {
      colleague: '{who} 正在 {from} 准备此草稿；您的修改不会保存到团队',
      colleagueBody: '您可以查看此草稿，但不能修改。若要自行处理，请复制一份属于您的草稿（使用新的订单号）。',
      review: '待审核：由 {who} 在 {from} 移交',
      reviewBody: '请检查、标记为就绪并提交。整个团队只提交一次：若同事先提交，会告诉您是谁。',
      submitted: '已由 {who} 在 {from} 提交',
      submittedBody: '此草稿已作为订单发送，不会再次发送。您可以在此查看。',
      copy: '复制一份',
      copyName: '{name}（我的副本）',
      copied: '您的副本“{name}”已打开。',
    },
  },
}
