/**
 * Words people use when asking about a kind of fact (English and Chinese), indexed with a memory
 * under that key so a question finds its fact whatever the fact's own wording: "where does the
 * user live?" finds "User moved to Montreal" (user.residence), "用户在哪家公司上班" finds
 * "用户在华为工作" (user.employer). Keyed by the key's first segment after the namespace.
 */
const SLOT_WORDS: Record<string, string> = {
  name: 'name called 名字叫什么 叫什么名字',
  nickname: 'name called nickname 昵称 叫什么',
  residence: 'live lives living home city town based location moved 住在哪里 住在哪个城市 住哪 现在住 居住地',
  hometown: 'from hometown grew up 老家在哪 来自哪里 家乡',
  employer: 'work works job company employer employed office 在哪家公司 在哪里上班 在哪工作 公司上班 工作单位',
  occupation: 'job work profession occupation role title career position 做什么工作 职业是什么 是做什么的 职位是什么 现在的工作',
  partner: 'partner spouse wife husband boyfriend girlfriend dating married relationship 伴侣是谁 男朋友是谁 女朋友是谁 老公是谁 老婆是谁 对象是谁',
  marital_status: 'married single relationship partner 结婚了吗 婚姻状况 单身吗 伴侣是谁',
  pet: 'pet dog cat animal name 狗叫什么 猫叫什么 宠物叫什么名字 的狗 的猫',
  vehicle: 'car drive drives vehicle 开什么车 的车是什么 汽车 座驾',
  diet: 'diet eat eats food vegetarian vegan 饮食习惯 吃什么 吃素',
  contact: 'contact reach email phone number address 电话是多少 手机号码是多少 号码是多少 邮箱是什么 邮箱地址 联系方式',
  editor: 'editor ide code coding 什么编辑器 写代码用什么',
  programming_language: 'language programming code coding write 什么编程语言 写什么语言 用什么语言',
  operating_system: 'operating system os computer laptop 什么系统 电脑系统 操作系统',
  browser: 'browser 什么浏览器',
  phone: 'phone device mobile 什么手机',
  school: 'school university college study studies attend 哪所学校 哪所大学 在哪读书 在哪上学',
  field_of_study: 'major study studies studying subject degree 什么专业 学什么专业 学的是什么',
  learning: 'learning learn studying language 在学什么 学什么语言 学什么乐器',
  frequency: 'often how many times week weekly frequency 几次 每周几次 多久一次',
  time: 'time when what time 几点 什么时候',
  count: 'how many number count total 多少 几个 几只 几辆 有多少',
  commute: 'commute get to work travel 怎么上班 怎么去上班 通勤',
  preference: 'likes like enjoys into hobby interest 喜欢什么 爱好是什么 做什么运动',
  favourite: 'favourite favorite 最喜欢什么 最喜欢的是什么 最爱',
  family: 'family name 叫什么 是谁',
  project: 'project 项目 什么时候 用什么',
  age: 'old age years 多大 几岁 年龄',
};

/** The question words for a memory's key (empty for unkeyed memories and unknown kinds). */
export function slotWords(key: string | null): string {
  if (!key) return '';
  const family = key.split('.')[1] ?? '';
  return SLOT_WORDS[family] ?? (family.startsWith('favourite_') ? SLOT_WORDS.favourite! : '');
}
