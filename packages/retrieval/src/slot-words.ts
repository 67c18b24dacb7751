/**
 * Words people use when asking about a kind of fact (English and Chinese), indexed with a memory
 * under that key so a question finds its fact whatever the fact's own wording: "where does the
 * user live?" finds "User moved to Montreal" (user.residence), "用户在哪家公司上班" finds
 * "用户在华为工作" (user.employer). Keyed by the key's first segment after the namespace.
 */
const SLOT_WORDS: Record<string, string> = {
  name: 'name called 名字 叫',
  nickname: 'name called nickname 名字 昵称',
  residence: 'live lives living home city town based location moved 住 住在 居住 城市 家',
  hometown: 'from hometown grew up 老家 家乡 来自',
  employer: 'work works job company employer employed office 工作 公司 上班 单位',
  occupation: 'job work profession occupation role title career position 工作 职业 职位 做什么',
  partner: 'partner spouse wife husband boyfriend girlfriend dating married relationship 伴侣 对象 男朋友 女朋友 老婆 老公',
  marital_status: 'married single relationship partner 婚姻 结婚 单身',
  pet: 'pet dog cat animal name 宠物 狗 猫 名字',
  vehicle: 'car drive drives vehicle 车 开 汽车',
  diet: 'diet eat eats food vegetarian vegan 饮食 吃',
  contact: 'contact reach email phone number address 联系 邮箱 电话 手机 号码',
  editor: 'editor ide code coding 编辑器 写代码',
  programming_language: 'language programming code coding write 编程语言 语言 写',
  operating_system: 'operating system os computer laptop 系统 电脑',
  browser: 'browser 浏览器',
  phone: 'phone device mobile 手机',
  school: 'school university college study studies attend 学校 大学 读书 上学',
  field_of_study: 'major study studies studying subject degree 专业 学',
  learning: 'learning learn studying language 学 学习',
  frequency: 'often how many times week weekly frequency 几次 每周 频率',
  time: 'time when what time 几点 时间',
  count: 'how many number count total 多少 几',
  commute: 'commute get to work travel 上班 通勤 怎么去',
  preference: 'likes like enjoys into hobby interest 喜欢 爱好',
  favourite: 'favourite favorite 最喜欢',
  family: 'family name 家人 名字',
  project: 'project 项目',
  age: 'old age years 岁 年龄',
};

/** The question words for a memory's key (empty for unkeyed memories and unknown kinds). */
export function slotWords(key: string | null): string {
  if (!key) return '';
  const family = key.split('.')[1] ?? '';
  return SLOT_WORDS[family] ?? (family.startsWith('favourite_') ? SLOT_WORDS.favourite! : '');
}
