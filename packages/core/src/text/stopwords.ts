/**
 * R5: tokens that carry no discriminative signal on their own. Entries are in tokenizer output form
 * (lower-case ASCII words, CJK bigrams or lone characters), so `isStopWord(tokenize(x)[i])` works.
 */
const EN = `a about above after again against all am an and any are aren as at be because been before being
below between both but by can cannot could couldn did didn do does doesn doing don down during each few for from
further had hadn has hasn have haven having he her here hers herself him himself his how i if in into is isn it its
itself just let me more most mustn my myself no nor not now of off on once only or other ought our ours ourselves
out over own same shan she should shouldn so some such than that the their theirs them themselves then there these
they this those through to too under until up very was wasn we were weren what when where which while who whom why
will with won would wouldn you your yours yourself yourselves also ever get got yes ok okay oh hey hi hello really
like well much many s t ll re ve d m thing things something anything did does tell know think
don't didn't doesn't can't couldn't won't wouldn't isn't aren't wasn't weren't i'm i've i'll i'd you're you've
you'll you'd we're we've they're they've that'll there're`;

// Common function words and very frequent bigrams of Chinese (as the tokenizer emits them).
const ZH = `的 了 是 在 我 你 他 她 它 们 和 与 及 或 也 都 就 还 又 很 吗 呢 吧 啊 呀 么 着 过 得 地 这 那 有 没 不 个 一 上 下 里 中
我们 你们 他们 她们 它们 这个 那个 这些 那些 什么 怎么 为什 么么 是不 不是 没有 有没 一个 一下 一些 就是 还是 但是 因为 所以 如果
然后 可以 已经 自己 知道 觉得 时候 现在 这样 那样 怎样 哪里 哪个 吗吗 了吗 的是 是的 我的 你的 他的 她的 在哪 是什 么时 多少 请问`;

export const STOP_WORDS: ReadonlySet<string> = new Set([...EN.split(/\s+/), ...ZH.split(/\s+/)].filter(Boolean));

export function isStopWord(token: string): boolean {
  return STOP_WORDS.has(token);
}
